// The order in which the PyTorch export tests pick a Python: $BATCHLAB_PYTHON, Debian's system python3
// (the one python3-torch serves), python3 on PATH; the first that imports torch wins; else one line.
import { describe, expect, it } from 'vitest';
import { NO_TORCH_MESSAGE, findTorchPython } from '../scripts/findTorchPython.mjs';

function machine(withTorch: Record<string, string>) {
  const probed: string[] = [];
  const probe = (python: string) => {
    probed.push(python);
    return withTorch[python] ?? null;
  };
  return { probed, probe };
}

describe('findTorchPython', () => {
  it('prefers BATCHLAB_PYTHON when it imports torch', () => {
    const m = machine({ '/opt/py/bin/python': '2.3.0', '/usr/bin/python3': '1.13.1' });
    expect(findTorchPython({ env: { BATCHLAB_PYTHON: '/opt/py/bin/python' }, probe: m.probe })).toEqual({
      python: '/opt/py/bin/python',
      torchVersion: '2.3.0',
    });
  });

  it("falls back to the system python3, then to PATH's, skipping those without torch", () => {
    const m = machine({ python3: '2.1.0' });
    expect(findTorchPython({ env: { BATCHLAB_PYTHON: '/nope' }, probe: m.probe })).toEqual({
      python: 'python3',
      torchVersion: '2.1.0',
    });
    expect(m.probed).toEqual(['/nope', '/usr/bin/python3', 'python3']);
  });

  it('says in one line how to get PyTorch when no Python has it', () => {
    const result = findTorchPython({ env: {}, probe: machine({}).probe });
    expect(result).toEqual({ error: NO_TORCH_MESSAGE });
    expect(NO_TORCH_MESSAGE).toContain('apt-get install python3-torch');
    expect(NO_TORCH_MESSAGE).not.toContain('\n');
  });
});
