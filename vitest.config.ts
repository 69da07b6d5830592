import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'web/build/**/*.test.ts', 'web/src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Videos and images the tests upload are generated (ffmpeg, sharp) once per run, not read from outside the repository.
    globalSetup: ['server/test/make-test-media.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry WASM; two cores gain nothing from more workers.
    maxWorkers: 2,
  },
});
