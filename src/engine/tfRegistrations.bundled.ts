/**
 * Bundled builds (the app's workers, the bench page, vitest): tfjs-core's ES module entry registers
 * neither the gradients nor the chained ops (`x.add(y)`), so import them here by their deep paths. These
 * files use extensionless imports that a bundler resolves and Node does not: Node takes
 * ./tfRegistrations.node.ts instead (package.json "imports", condition "node").
 */
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import '@tensorflow/tfjs-core/dist/public/chained_ops/register_all_chained_ops';
