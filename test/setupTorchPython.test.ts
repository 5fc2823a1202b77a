// `npm run check`'s first step: nothing to do when a Python with torch exists; apt-get install python3-torch
// (announced in one line) when it may (root or passwordless sudo); else one line saying what to install.
import { describe, expect, it } from 'vitest';
import { NO_TORCH_MESSAGE } from '../scripts/findTorchPython.mjs';
import { aptPrefix, setupTorchPython } from '../scripts/setupTorchPython.mjs';

function machine({
  torch,
  prefix,
  aptWorks = true,
}: {
  torch: boolean;
  prefix: string[] | null;
  aptWorks?: boolean;
}) {
  let installed = torch;
  const commands: string[] = [];
  const lines: { out: string[]; err: string[] } = { out: [], err: [] };
  const run = (command: string, args: string[]) => {
    commands.push([command, ...args].join(' '));
    if (aptWorks && args.includes('install')) installed = true;
    return { status: aptWorks ? 0 : 100 };
  };
  const find = () =>
    installed ? { python: '/usr/bin/python3', torchVersion: '1.13.1' } : { error: NO_TORCH_MESSAGE };
  const log = { log: (line: string) => lines.out.push(line), error: (line: string) => lines.err.push(line) };
  const status = setupTorchPython({ find, prefix: () => prefix, run, log });
  return { status, commands, lines };
}

describe('setupTorchPython', () => {
  it('does nothing and says nothing when torch is there', () => {
    const m = machine({ torch: true, prefix: [] });
    expect(m).toEqual({ status: 0, commands: [], lines: { out: [], err: [] } });
  });

  it('installs python3-torch as root, saying so in one line', () => {
    const m = machine({ torch: false, prefix: [] });
    expect(m.status).toBe(0);
    expect(m.commands).toEqual(['apt-get update -qq', 'apt-get install -y -qq python3-torch']);
    expect(m.lines.out).toHaveLength(1);
    expect(m.lines.out[0]).toMatch(/python3-torch/);
    expect(m.lines.err).toEqual([]);
  });

  it('installs through passwordless sudo', () => {
    const m = machine({ torch: false, prefix: ['sudo', '-n'] });
    expect(m.status).toBe(0);
    expect(m.commands).toEqual([
      'sudo -n apt-get update -qq',
      'sudo -n apt-get install -y -qq python3-torch',
    ]);
  });

  it('stops with the one line saying what to install when it may not install', () => {
    const m = machine({ torch: false, prefix: null });
    expect(m).toEqual({ status: 1, commands: [], lines: { out: [], err: [NO_TORCH_MESSAGE] } });
  });

  it('stops with one line when apt fails', () => {
    const m = machine({ torch: false, prefix: [], aptWorks: false });
    expect(m.status).toBe(1);
    expect(m.lines.err).toHaveLength(1);
    expect(m.lines.err[0]).toContain(NO_TORCH_MESSAGE);
  });
});

describe('aptPrefix', () => {
  const runWith = (ok: Record<string, boolean>) => (command: string) => ({ status: ok[command] ? 0 : 1 });
  it('is [] as root, sudo -n with passwordless sudo, null without apt or rights', () => {
    expect(aptPrefix({ uid: 0, run: runWith({ 'apt-get': true }) })).toEqual([]);
    expect(aptPrefix({ uid: 1000, run: runWith({ 'apt-get': true, sudo: true }) })).toEqual(['sudo', '-n']);
    expect(aptPrefix({ uid: 1000, run: runWith({ 'apt-get': true, sudo: false }) })).toBeNull();
    expect(aptPrefix({ uid: 0, run: runWith({ 'apt-get': false }) })).toBeNull();
  });
});
