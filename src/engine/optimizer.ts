/**
 * The optimizer for a config. One definition, used by BatchLab's trainer and by the tf.layers reference
 * model, so "the same optimizer as model.fit" holds by construction (Adam's epsilon included).
 * The caller disposes it (optimizer.dispose() frees its slot variables).
 */
import * as tf from './tf';
import type { TrainConfig } from '../config/trainConfig';

export function makeOptimizer(config: Pick<TrainConfig, 'optimizer' | 'learningRate'>): tf.Optimizer {
  return config.optimizer === 'adam' ? tf.train.adam(config.learningRate) : tf.train.sgd(config.learningRate);
}
