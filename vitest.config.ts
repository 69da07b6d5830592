import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './web/build/path-aliases.ts';

export default defineConfig({
  resolve: { alias: pathAliases(path.dirname(fileURLToPath(import.meta.url))) },
  test: {
    include: ['server/**/*.test.ts', 'web/build/**/*.test.ts', 'web/src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Once per run: the videos and images the tests upload (ffmpeg, sharp; nothing read from
    // outside the repository), and the migrated database every test file's database copies.
    globalSetup: ['server/test/make-test-media.ts', 'server/test/database-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Three on two cores: the process tests spend most of their time waiting on servers they
    // started, and a third worker uses the core they leave idle (PGlite instances are memory-hungry
    // WASM, so not more).
    maxWorkers: 3,
    // Test files share their worker's module graph instead of importing the whole app again each
    // (measured: a third less CPU for the suite). Files still isolate by data: each opens its own
    // database (createTestApp) and closes it in afterAll, and none mocks modules or stubs globals.
    isolate: false,
  },
});
