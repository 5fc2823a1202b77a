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
  worker: { format: 'es' },
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
