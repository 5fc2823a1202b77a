/**
 * The training worker: owns the tfjs backend and its GPU device through one TrainingSession
 * (./trainingSession.ts), to which it hands every message from the page.
 */
import type { FromWorker, TestHookMessage, ToWorker } from './trainingProtocol';
import { createTrainingSession } from './trainingSession';

interface WorkerScope {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker | TestHookMessage>) => void) | null;
}
const scope = self as unknown as WorkerScope;
const session = createTrainingSession({
  post: (message, transfer = []) => scope.postMessage(message, transfer),
});

scope.onmessage = (event) => {
  const message = event.data;
  if (import.meta.env.VITE_TEST_HOOKS && message.type === 'test-hook') {
    // A synchronous throw reaches the page as the worker's 'error' event, like a real crash would.
    if (message.action === 'crash') throw new Error('injected training-worker crash (test hook)');
    session.testHook?.(message.action);
    return;
  }
  // Only the test build posts test hooks, and it handled them above.
  void session.handle(message as ToWorker);
};
