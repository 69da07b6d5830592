import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'web/build/**/*.test.ts', 'web/src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Once per run: the videos and images the tests upload (ffmpeg, sharp; nothing read from
    // outside the repository), and the migrated database every test file's database copies.
    globalSetup: ['server/test/make-test-media.ts', 'server/test/database-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry WASM; two cores gain nothing from more workers.
    maxWorkers: 2,
  },
});
