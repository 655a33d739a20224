import { defineConfig } from 'vitest/config';

/**
 * Browser tests (`npm run test:browser`): Playwright driving Debian's Chromium against the whole
 * stack. One file at a time: each starts a platform and a browser, and the machine has two cores.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/browser/**/*.browser.ts'],
    globalSetup: ['tests/browser/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
