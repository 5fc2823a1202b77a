/**
 * The optimizer for a config. One definition, used by BatchLab's trainer and by the tf.layers reference
 * model, so "the same optimizer as model.fit" holds by construction (Adam's epsilon included). On webgpu
 * it is the fused update (fusedOptimizers.ts: same arithmetic, fewer kernels) unless `fused` is false (the
 * bench's comparison arm); elsewhere tfjs's own. The caller disposes it (dispose() frees its slot variables).
 * optimizerVariables lists the variables an optimizer holds (its state), for the step profile.
 */
import * as tf from './tf';
import type { TrainConfig } from '../config/trainConfig';
import { FusedAdam, FusedSgd } from './fusedOptimizers';

export function makeOptimizer(
  config: Pick<TrainConfig, 'optimizer' | 'learningRate'>,
  fused = true,
): tf.Optimizer {
  const adam = config.optimizer === 'adam';
  if (fused && tf.getBackend() === 'webgpu') {
    return adam ? new FusedAdam(config.learningRate) : new FusedSgd(config.learningRate);
  }
  return adam ? tf.train.adam(config.learningRate) : tf.train.sgd(config.learningRate);
}

/**
 * Every variable the optimizer holds now: its own fields that are variables (Adam's β powers) and the
 * `variable` of each entry of its slot lists (Adam's first and second moments, or the fused Adam's
 * moments; SGD has none). Slots are
 * created at the first update, so before it the list is shorter.
 */
export function optimizerVariables(optimizer: tf.Optimizer): tf.Variable[] {
  const found: tf.Variable[] = [];
  for (const value of Object.values(optimizer as unknown as Record<string, unknown>)) {
    if (value instanceof tf.Variable) found.push(value);
    else if (Array.isArray(value)) {
      for (const entry of value) {
        const v = (entry as { variable?: unknown } | null)?.variable;
        if (v instanceof tf.Variable) found.push(v);
      }
    }
  }
  return found;
}
