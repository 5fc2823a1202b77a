/**
 * Starts a worker that runs tfjs in one role (./engineWorker.ts): `training`, `replica`, `export` or `gradients`. Its name
 * is the role, then `:` and `label` when given (`training:arm-a`), as DevTools shows it.
 */
import type { EngineWorkerRole } from './engineWorker';

export function spawnEngineWorker(role: EngineWorkerRole, label?: string): Worker {
  return new Worker(new URL('./engineWorker.ts', import.meta.url), {
    type: 'module',
    name: label === undefined ? role : `${role}:${label}`,
  });
}
