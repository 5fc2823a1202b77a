/**
 * The one place the engine gets TensorFlow.js from: tfjs-core plus what the app actually runs on
 * (gradients, chained ops). The backends register in ./backend: webgpu there, webgl and cpu only when a run
 * comes to them (./backend's loadBackend), so a WebGPU page never fetches them. Importing this
 * instead of the whole '@tensorflow/tfjs' keeps layers, converter and data out of the worker bundles.
 * The tf.layers reference model (./layersUNet, bench and tests only) still imports the full package.
 * Gradients and chained ops come from '#tfjs-registrations' (package.json "imports"): deep imports in
 * bundled builds, nothing in plain Node, whose CommonJS tfjs-core registers them itself.
 */
import '#tfjs-registrations';

export * from '@tensorflow/tfjs-core';
