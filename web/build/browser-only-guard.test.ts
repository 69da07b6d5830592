import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { browserOnlyGuard } from './browser-only-guard';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'browser-guard-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Builds a one-file browser entry with the guard, as `vite build` does for the dashboard. */
function buildEntry(name: string, source: string) {
  const entry = path.join(scratch, `${name}.ts`);
  writeFileSync(entry, source);
  return build({
    configFile: false,
    logLevel: 'silent',
    root: scratch,
    plugins: [browserOnlyGuard({ repoRoot })],
    build: { write: false, lib: { entry, formats: ['es'], fileName: name }, rollupOptions: { external: [] } },
  });
}

const from = (file: string) => JSON.stringify(path.join(repoRoot, file));

describe('browser-only build guard', () => {
  it('passes a browser-safe server module', async () => {
    await expect(
      buildEntry('safe', `import { POST_STATUSES } from ${from('server/posts/shared/post-statuses.ts')};\nconsole.log(POST_STATUSES);`),
    ).resolves.toBeDefined();
  });

  it('fails on a table definition and names the import chain', async () => {
    const failure = buildEntry('tables', `import { posts } from ${from('server/db/schema/posts.ts')};\nconsole.log(posts);`);
    await expect(failure).rejects.toThrow(/Server-only code in the browser bundle/);
    await expect(failure).rejects.toThrow(/drizzle-orm/);
    await expect(failure).rejects.toThrow(/server\/db\/ids\.ts/);
  });

  it('fails on a Node builtin', async () => {
    await expect(buildEntry('builtin', `import { randomBytes } from 'node:crypto';\nconsole.log(randomBytes(4));`)).rejects.toThrow(/a Node builtin/);
  });
});
