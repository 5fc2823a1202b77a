import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The production build carries a strict Content-Security-Policy as a <meta> tag (static hosts can't set
 * headers); the dev server doesn't, because it injects inline styles and scripts for hot reload.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

function cspMeta(): Plugin {
  return {
    name: 'batchlab-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * What every engine worker runs on: tfjs-core, the webgpu backend, and the cpu kernels webgpu borrows
 * (tfjs-backend-cpu's `shared` entry, with what it imports).
 */
const TFJS_EAGER =
  /@tensorflow[\\/](tfjs-core|tfjs-backend-webgpu)[\\/]|@tensorflow[\\/]tfjs-backend-cpu[\\/]dist[\\/]shared\.js$/;

/**
 * The test build: `vite build --mode e2e` (into dist-e2e/) sets `import.meta.env.VITE_TEST_HOOKS`, which
 * adds the window test APIs, the fault injection and the sweep's step cap. Every other build has the flag
 * false, so those branches and the modules they import are left out of the bundle (test/plainBuild.test.ts
 * greps a plain build for them).
 */
export const TEST_BUILD_MODE = 'e2e';
export const TEST_BUILD_OUT_DIR = 'dist-e2e';

export default defineConfig(({ mode }) => ({
  // Relative asset and worker URLs: the build works from any folder of any static host.
  base: './',
  define: { 'import.meta.env.VITE_TEST_HOOKS': JSON.stringify(mode === TEST_BUILD_MODE) },
  plugins: [react(), cspMeta()],
  // One worker entry (src/app/engineWorker.ts) hosts every worker that runs tfjs, so they share its chunks.
  // TensorFlow.js goes in one chunk, `tfjs` (core, the webgpu backend and the cpu kernels webgpu borrows);
  // the webgl and cpu backends, which a worker imports only when it falls back to them, each in their own.
  worker: {
    format: 'es',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The fallback groups take only the modules their test names, never what those import.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'tfjs', test: TFJS_EAGER, priority: 3, includeDependenciesRecursively: true },
            { name: 'tfjs-webgl', test: /@tensorflow[\\/]tfjs-backend-webgl[\\/]/, priority: 2 },
            { name: 'tfjs-cpu', test: /@tensorflow[\\/]tfjs-backend-cpu[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  build: {
    outDir: mode === TEST_BUILD_MODE ? TEST_BUILD_OUT_DIR : 'dist',
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    // bench.html drives `npm run bench` in the same production build, under the same CSP.
    rollupOptions: { input: { main: 'index.html', bench: 'bench.html' } },
  },
  server: { host: '127.0.0.1', port: 5173 },
  // The preview server (which e2e tests run against) also sends the policy as a header: a <meta> policy
  // does not reach Worker scripts, a header does, so the training and loader workers run under it too.
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
  },
}));
