/**
 * The training worker: owns the tfjs backend and its GPU device through one TrainingSession
 * (./trainingSession.ts), to which it hands every message from the page.
 */
import type { FromWorker, ToWorker } from './trainingProtocol';
import { createTrainingSession } from './trainingSession';

interface WorkerScope {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}
const scope = self as unknown as WorkerScope;
const session = createTrainingSession({
  post: (message, transfer = []) => scope.postMessage(message, transfer),
});

scope.onmessage = (event) => {
  const message = event.data;
  // A synchronous throw reaches the page as the worker's 'error' event, like a real crash would.
  if (message.type === 'debug' && message.action === 'crash') {
    throw new Error('injected training-worker crash (test hook)');
  }
  void session.handle(message);
};
