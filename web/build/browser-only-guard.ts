import path from 'node:path';
import type { Plugin } from 'vite';

/** What must never reach a browser chunk: database drivers and tables, the job queue, Node's builtins. */
const FORBIDDEN: { test: (id: string, repoRoot: string) => boolean; why: string }[] = [
  { test: (id) => /[\\/]node_modules[\\/](drizzle-orm|postgres|pg-boss|@electric-sql[\\/]pglite)[\\/]/.test(id), why: 'a database or job-queue package' },
  // Vite swaps Node builtins for an empty stub in browser builds; the stub's id keeps the builtin's name.
  { test: (id) => /(^|\0|__vite-browser-external:)node:/.test(id) || id.startsWith('__vite-browser-external'), why: 'a Node builtin' },
  { test: (id, repoRoot) => path.relative(repoRoot, id).split(path.sep).slice(0, 2).join('/') === 'server/db', why: 'a server/db module' },
];

/**
 * Fails `vite build` when a browser chunk contains a server-only module, naming the import chain
 * that brought it in. The dashboard may import browser-safe server modules (docs/decisions/011);
 * one stray import of a table definition would otherwise ship drizzle and a stubbed node:crypto.
 */
export function browserOnlyGuard({ repoRoot }: { repoRoot: string }): Plugin {
  return {
    name: 'socialdesk:browser-only-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const problems: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const rule = FORBIDDEN.find((candidate) => candidate.test(id, repoRoot));
          if (rule) problems.push(`${output.fileName} contains ${rule.why}: ${importChain(this, id, repoRoot).join('\n    ← ')}`);
        }
      }
      if (problems.length) this.error(`Server-only code in the browser bundle:\n  ${problems.join('\n  ')}`);
    },
  };
}

type ModuleGraph = { getModuleInfo: (id: string) => { importers: readonly string[]; dynamicImporters: readonly string[] } | null };

/** The shortest path back from a module to an entry, so the message names the import to remove. */
function importChain(graph: ModuleGraph, id: string, repoRoot: string): string[] {
  const cameFrom = new Map<string, string | null>([[id, null]]);
  const queue = [id];
  let top = id;
  while (queue.length) {
    const current = queue.shift()!;
    top = current;
    const info = graph.getModuleInfo(current);
    const importers = info ? [...info.importers, ...info.dynamicImporters] : [];
    if (!importers.length) break;
    for (const importer of importers) {
      if (cameFrom.has(importer)) continue;
      cameFrom.set(importer, current);
      queue.push(importer);
    }
  }
  // Walk from the module that has no importer (the entry) down to the offending one, then reverse.
  const chain: string[] = [];
  for (let step: string | null | undefined = top; step; step = cameFrom.get(step)) chain.push(step);
  return chain.reverse().map((step) => (path.isAbsolute(step) ? path.relative(repoRoot, step) : step));
}
