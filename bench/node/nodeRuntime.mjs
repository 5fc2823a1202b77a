// How BatchLab's engine runs in plain Node, shared by `npm run bench -- --node` and the Node smoke test:
// Dawn's WebGPU (the `webgpu` package) on globalThis as navigator.gpu, then a TypeScript entry loaded
// through Vite's module runner, which leaves node_modules to Node itself: Node resolves tfjs to its
// CommonJS bundles (package.json "main"), and src/engine/tf.ts takes the "node" branch of
// '#tfjs-registrations'. The caller's environment must already let Dawn find a Vulkan driver (dawnEnv.mjs).
import os from 'node:os';
import { create, globals } from 'webgpu';
import { runnerImport } from 'vite';

export function installDawn() {
  Object.assign(globalThis, globals);
  const gpu = create([]);
  Object.defineProperty(globalThis, 'navigator', {
    value: { gpu, hardwareConcurrency: os.cpus().length, userAgent: `Node.js ${process.version}` },
    configurable: true,
    writable: true,
  });
}

/** Imports a TypeScript module of the project (no build step) and returns its exports. */
export async function importEntry(entryPath) {
  const { module } = await runnerImport(entryPath, { configFile: false, logLevel: 'error' });
  return module;
}

/** Dawn keeps the process alive while navigator.gpu is referenced: drop it, then exit. */
export function exitDawn(code = 0) {
  delete globalThis.navigator.gpu;
  process.exit(code);
}
