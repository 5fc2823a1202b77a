/**
 * The same-gradients worker: one training step of each configuration from the same seeded weights on the
 * same batch (engine/oneStepUpdate.ts), on the cpu backend — the reference may be one a lesson's pretend GPU
 * refuses, and the cpu backend's numbers do not depend on the device — and each one's difference from the
 * reference's. Off the page's thread and apart from any training worker.
 */
import { loadBackend } from '../../engine/backend';
import type { StepDifference } from '../../config/lessons';
import { oneStepUpdate, stepDifference } from '../../engine/oneStepUpdate';
import * as tf from '../../engine/tf';
import type { SameGradientsReply, SameGradientsRequest } from './sameGradientsProtocol';

interface WorkerScope {
  postMessage(message: SameGradientsReply): void;
  onmessage: ((event: MessageEvent<SameGradientsRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

async function compare({ reference, others }: SameGradientsRequest): Promise<StepDifference[]> {
  await loadBackend('cpu');
  if (!(await tf.setBackend('cpu'))) throw new Error('the cpu backend did not start');
  await tf.ready();
  const ref = await oneStepUpdate(reference, 'cpu');
  const differences: StepDifference[] = [];
  for (const config of others) differences.push(stepDifference(await oneStepUpdate(config, 'cpu'), ref));
  return differences;
}

scope.onmessage = (event) => {
  compare(event.data).then(
    (differences) => scope.postMessage({ type: 'done', differences }),
    (error: unknown) =>
      scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
};
