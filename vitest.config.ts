import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['libs/*/{src,tests}/**/*.test.ts', 'services/*/{src,tests}/**/*.test.ts', 'tests/**/*.test.ts'],
    pool: 'forks',
    // Two cores: two test files at a time keeps the real services busy without thrashing.
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
