import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, currentOpenApiDocument, renderApiTypes } from './api-types';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the web client types', () => {
  let document: Record<string, unknown>;
  // One throwaway database for both checks: building the app takes seconds.
  beforeAll(async () => {
    document = await currentOpenApiDocument();
  }, 60_000);

  it('match the routes the server declares today (run `npm run gen:api-types` after changing a route)', async () => {
    const committed = readFileSync(path.join(repoRoot, API_TYPES_FILE), 'utf8');
    const current = await renderApiTypes(document);
    // A plain equality: the diff vitest prints names the route or schema that changed.
    expect(committed).toBe(current);
  });

  it('notices a change to a route', async () => {
    const paths = document.paths as Record<string, unknown>;
    const { ['/post/{id}']: removed, ...rest } = paths;
    expect(removed).toBeDefined();
    const committed = readFileSync(path.join(repoRoot, API_TYPES_FILE), 'utf8');
    expect(await renderApiTypes({ ...document, paths: rest })).not.toBe(committed);
  });
});
