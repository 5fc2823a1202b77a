import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // tfjs training tests are CPU heavy; one file at a time keeps them predictable on 2 cores.
    fileParallelism: false,
    // reports/unit.json feeds the pass/fail line of .ci/run.
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/unit.json' },
  },
});
