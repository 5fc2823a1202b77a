// Finds a Python that can `import torch`, for the tests that run the exported PyTorch project, in this
// order: $BATCHLAB_PYTHON, /usr/bin/python3 (Debian's python3-torch serves only the system Python), then
// python3 on PATH. Returns { python, torchVersion } or { error } with one line saying what to install.
// Run directly (`node scripts/findTorchPython.mjs`), it prints the path, or the line and exits 1.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const NO_TORCH_MESSAGE =
  'No Python with PyTorch found: the PyTorch export tests need Python 3 with PyTorch (Debian: apt-get install python3-torch), or BATCHLAB_PYTHON=/path/to/python.';

/** The torch version `python` imports, or null when it cannot. */
function torchVersionOf(python) {
  const r = spawnSync(python, ['-c', 'import numpy, torch; print(torch.__version__)'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return r.status === 0 ? r.stdout.trim() : null;
}

export function findTorchPython({ env = process.env, probe = torchVersionOf } = {}) {
  const candidates = [env.BATCHLAB_PYTHON, '/usr/bin/python3', 'python3'].filter(Boolean);
  for (const python of candidates) {
    const torchVersion = probe(python);
    if (torchVersion) return { python, torchVersion };
  }
  return { error: NO_TORCH_MESSAGE };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const found = findTorchPython();
  if (found.error) {
    console.error(found.error);
    process.exit(1);
  }
  console.log(found.python);
}
