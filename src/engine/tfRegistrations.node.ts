/**
 * Plain Node (`npm run bench -- --node`, the Node smoke test): Node resolves '@tensorflow/tfjs-core' to its
 * CommonJS bundle (package.json "main"), which registers neither gradients nor chained ops, and the deep
 * paths of ./tfRegistrations.bundled.ts do not resolve in Node (extensionless imports). The union package's
 * CommonJS bundle registers both on that same tfjs-core instance; Node's bundle size does not matter.
 */
import '@tensorflow/tfjs';
