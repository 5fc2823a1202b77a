/**
 * Counts the kernels (tfjs ops run through the engine: what tf.profile and the step profile list, BatchLab's
 * own included) that one piece of async work runs, by wrapping engine.runKernelFunc for its duration and
 * putting it back afterwards, so it nests with the step recorder's own wrapper. Each kernel costs tfjs's
 * dispatch overhead on this thread whatever its size, which is why the count is reported beside step time.
 * Work must not overlap other kernel work (one training step at a time per worker).
 */
import * as tf from './tf';

interface EngineInternals {
  runKernelFunc(params: { kernelName?: unknown }): unknown;
}

export async function countKernels<T>(work: () => Promise<T>): Promise<{ value: T; kernels: number }> {
  const engine = tf.engine() as unknown as EngineInternals;
  const own = Object.prototype.hasOwnProperty.call(engine, 'runKernelFunc');
  const run = engine.runKernelFunc;
  let kernels = 0;
  engine.runKernelFunc = function counted(this: EngineInternals, params) {
    if (typeof params.kernelName === 'string') kernels++;
    return run.call(this, params);
  };
  try {
    const value = await work();
    return { value, kernels };
  } finally {
    if (own) engine.runKernelFunc = run;
    else delete (engine as Partial<EngineInternals>).runKernelFunc;
  }
}
