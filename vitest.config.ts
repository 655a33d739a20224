import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The web client's unit tests run in node, on modules that need no DOM; screens are the browser tests'.
    include: ['libs/*/{src,tests}/**/*.test.ts', 'services/*/{src,tests}/**/*.test.ts', 'web/src/**/*.test.ts', 'tests/**/*.test.ts'],
    // Finds Postgres, NATS and Redis once and prints what the run uses (libs/testing/src/infra-discovery.ts).
    globalSetup: ['libs/testing/src/global-setup.ts'],
    reporters: ['default', './libs/testing/src/run-summary.ts'],
    pool: 'forks',
    // Two cores: two test files at a time keeps the real services busy without thrashing.
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
