/**
 * The one place the engine gets TensorFlow.js from: tfjs-core plus what the app actually runs on
 * (gradients, chained ops, the cpu and webgl backends; webgpu registers in ./backend). Importing this
 * instead of the whole '@tensorflow/tfjs' keeps layers, converter and data out of the worker bundles.
 * The tf.layers reference model (./layersUNet, bench and tests only) still imports the full package.
 */
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import '@tensorflow/tfjs-core/dist/public/chained_ops/register_all_chained_ops';
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-webgl';

export * from '@tensorflow/tfjs-core';
