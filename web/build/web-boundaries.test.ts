import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The dashboard's import rules in eslint.config.js, run on code that breaks them.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: repoRoot });

async function ruleIds(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.map((message) => message.ruleId);
}

describe('web import boundaries', () => {
  it('stops a feature from importing another feature', async () => {
    expect(
      await ruleIds('web/src/features/posts/probe.ts', "import { ACCOUNT_TYPES } from '../accounts/lib/platforms';\nexport const probe = ACCOUNT_TYPES;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await ruleIds(
        'web/src/features/posts/probe.ts',
        "import { ACCOUNT_TYPES } from '@/features/accounts/lib/platforms';\nexport const probe = ACCOUNT_TYPES;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await ruleIds('web/src/lib/probe.ts', "import { ACCOUNT_TYPES } from '@/features/accounts/lib/platforms';\nexport const probe = ACCOUNT_TYPES;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('web/src/features/posts/probe.ts', "import { formatDate } from '../../lib/format';\nexport const probe = formatDate;\n")).toEqual([]);
    expect(await ruleIds('web/src/features/posts/probe.ts', "import { formatDate } from '@/lib/format';\nexport const probe = formatDate;\n")).toEqual([]);
  });

  it('lets web/ import only browser-safe server modules, types excepted', async () => {
    const file = 'web/src/lib/probe.ts';
    expect(await ruleIds(file, "import { posts } from '../../../server/db/schema/posts';\nexport const probe = posts;\n")).toContain('no-restricted-imports');
    expect(await ruleIds(file, "import { createApp } from '../../../server/app';\nexport const probe = createApp;\n")).toContain('no-restricted-imports');
    expect(await ruleIds(file, "import type { App } from '../../../server/app';\nexport type Probe = App;\n")).toEqual([]);
    expect(await ruleIds(file, "import { POST_STATUSES } from '../../../server/posts/shared/post-statuses';\nexport const probe = POST_STATUSES;\n")).toEqual(
      [],
    );
    expect(await ruleIds(file, "import { CreatePostBody } from '../../../server/posts/posts.schemas';\nexport const probe = CreatePostBody;\n")).toEqual([]);
  });

  it('holds the same line for server modules imported through @server/', async () => {
    const file = 'web/src/lib/probe.ts';
    expect(await ruleIds(file, "import { posts } from '@server/db/schema/posts';\nexport const probe = posts;\n")).toContain('no-restricted-imports');
    expect(await ruleIds(file, "import { createApp } from '@server/app';\nexport const probe = createApp;\n")).toContain('no-restricted-imports');
    expect(await ruleIds(file, "import type { App } from '@server/app';\nexport type Probe = App;\n")).toEqual([]);
    expect(await ruleIds(file, "import { POST_STATUSES } from '@server/posts/shared/post-statuses';\nexport const probe = POST_STATUSES;\n")).toEqual([]);
    expect(await ruleIds(file, "import { CreatePostBody } from '@server/posts/posts.schemas';\nexport const probe = CreatePostBody;\n")).toEqual([]);
  });

  describe('import cycles', () => {
    const dir = path.join(repoRoot, 'web/src/lib/cycle-probe');
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('are an error', async () => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      // One way relative, back through the alias: both must resolve for the cycle to show.
      writeFileSync(path.join(dir, 'b.ts'), "import { a } from '@/lib/cycle-probe/a';\nexport const b = () => a;\n");
      const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
      expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
    });
  });
});
