/**
 * The one worker entry for the workers that run tfjs: the training worker (./trainingWorker.ts: the main
 * run, each arm, the batch finder), the replicas of the several-GPU lesson (./parallel/replicaWorker.ts),
 * the PyTorch export (./pytorchExport/exportWorker.ts) and lesson 5's same-gradients check
 * (./sameGradients/sameGradientsWorker.ts). Vite bundles every worker entry on its own, so three
 * entries carried three copies of tfjs; with one entry whose roles are dynamic imports, the bundler splits
 * them and tfjs lands in one chunk that every role imports, fetched once and then served from the browser's
 * cache. The role is the worker's name up to a `:` (./spawnEngineWorker.ts writes it). Messages that arrive
 * before the role's module has set its `onmessage` are kept and replayed to it, in order.
 */
const ROLES = {
  training: () => import('./trainingWorker'),
  replica: () => import('./parallel/replicaWorker'),
  export: () => import('./pytorchExport/exportWorker'),
  gradients: () => import('./sameGradients/sameGradientsWorker'),
} as const;
export type EngineWorkerRole = keyof typeof ROLES;

// The DOM typings of `self` cover what a worker scope offers here: name, onmessage, message events.
const scope = self;
const early: MessageEvent[] = [];
const keep = (event: MessageEvent) => {
  if (scope.onmessage === null) early.push(event);
};
scope.addEventListener('message', keep);

const role = scope.name.split(':')[0] as EngineWorkerRole;
ROLES[role]().then(
  () => {
    scope.removeEventListener('message', keep);
    for (const e of early.splice(0)) {
      scope.dispatchEvent(new MessageEvent('message', { data: e.data, ports: [...e.ports] }));
    }
  },
  (error: unknown) => {
    // A rejected import would only be an unhandled rejection here; thrown from a task it reaches the page
    // as the worker's 'error' event, which every spawner handles.
    setTimeout(() => {
      throw error instanceof Error ? error : new Error(`engine worker role ${role}: ${String(error)}`);
    });
  },
);
