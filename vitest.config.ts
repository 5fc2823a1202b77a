import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // vitest runs tfjs-core's ES modules through Vite, like the app's bundle: take the bundled registrations
  // of gradients and chained ops (package.json "imports"). Plain Node takes the other branch; the Node
  // smoke test (test/nodeEngine.test.ts) proves that one in a real Node process.
  ssr: { resolve: { conditions: ['batchlab-bundled', ...defaultServerConditions] } },
  // Unit tests see the test build's flag (vite.config.ts): they exercise the fault injection and the
  // sweep's test-only step cap. test/plainBuild.test.ts checks that a plain build has none of them.
  define: { 'import.meta.env.VITE_TEST_HOOKS': 'true' },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The cpu backend, registered for every test file (the app loads it on demand: engine/backend.ts).
    setupFiles: ['test/fixtures/cpuBackend.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // tfjs training tests are CPU heavy; one file at a time keeps them predictable on 2 cores.
    fileParallelism: false,
    // Worker threads, not child processes: each file still gets a fresh worker (isolation unchanged), but
    // handing it tfjs's hundreds of transformed modules costs less than over a child process's IPC. No test
    // uses a process-only API (process.chdir); Dawn and Python run in child processes the tests spawn.
    pool: 'threads',
    // reports/unit.json feeds the pass/fail line of .ci/run.
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/unit.json' },
  },
});
