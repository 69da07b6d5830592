import path from 'node:path';

/**
 * The import aliases, for Vite and Vitest. tsconfig.json's `paths` declares the same two for the
 * type checker and for lint (eslint.config.js reads tsconfig.json); change them together.
 * `@server/…` is the dashboard's way into server/ (browser-safe modules only, see eslint.config.js);
 * `@/…` is web/src/, for imports that leave their own feature or folder.
 */
export function pathAliases(repoRoot: string): Record<string, string> {
  return { '@server': path.join(repoRoot, 'server'), '@': path.join(repoRoot, 'web/src') };
}
