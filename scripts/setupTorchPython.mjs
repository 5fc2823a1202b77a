// The first step of `npm run check`: makes sure the PyTorch export tests have a Python with PyTorch.
// Found (findTorchPython.mjs): says nothing. Missing, on Debian or Ubuntu as root or with passwordless sudo:
// installs Debian's python3-torch with apt, saying so in one line. Otherwise: stops with one line saying
// exactly what to install.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { findTorchPython, NO_TORCH_MESSAGE } from './findTorchPython.mjs';

/** @typedef {(command: string, args: string[], options?: object) => { status: number | null }} Run */

/**
 * How apt may be run here: [] as root, ['sudo', '-n'] with passwordless sudo, null when it may not.
 * @param {{ uid?: number, run?: Run }} [machine]
 * @returns {string[] | null}
 */
export function aptPrefix({ uid = process.getuid?.() ?? -1, run = spawnSync } = {}) {
  if (run('apt-get', ['--version'], { stdio: 'ignore' }).status !== 0) return null;
  if (uid === 0) return [];
  return run('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0 ? ['sudo', '-n'] : null;
}

/**
 * @param {{ find?: () => { error?: string }, prefix?: () => string[] | null, run?: Run,
 *   log?: { log(line: string): void, error(line: string): void } }} [machine]
 * @returns {number} the exit status
 */
export function setupTorchPython({
  find = findTorchPython,
  prefix = aptPrefix,
  run = spawnSync,
  log = console,
} = {}) {
  if (!find().error) return 0;
  const asRoot = prefix();
  if (asRoot === null) {
    log.error(NO_TORCH_MESSAGE);
    return 1;
  }
  log.log(
    "No Python with PyTorch: installing Debian's python3-torch with apt-get (once, for the PyTorch export tests)",
  );
  const apt = (args) => {
    const [command, ...rest] = [...asRoot, 'apt-get', ...args];
    return (
      run(command, rest, {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0
    );
  };
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', 'python3-torch']) || find().error) {
    log.error(`python3-torch did not install. ${NO_TORCH_MESSAGE}`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(setupTorchPython());
