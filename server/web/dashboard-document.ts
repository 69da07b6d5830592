import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Manifest } from 'vite';

/**
 * What a signed-in page asks for before anything else, in the order the app asks: the session,
 * then every team (web/src/features/auth/api/get-session.ts, web/src/features/teams/api/get-teams.ts).
 * The URLs must stay exactly those calls' URLs, or the browser fetches twice (the posts journey in
 * e2e/first-load.spec.ts counts the team list requests).
 */
const SIGNED_IN_PRELOADS = ['/api/v1/auth/session', '/api/v1/team?limit=500'];

type Built = { html: string; manifest: Manifest | null; entryFiles: Set<string>; mtimeMs: number };

/**
 * index.html completed for the page asked for: `modulepreload` links for that page's chunk (it
 * would otherwise be requested only once the entry script has run and the session is known) and,
 * when a session cookie came with the request, preloads of the session and team list the app
 * fetches first. The build is re-read when index.html changes (a rebuild while the server runs).
 */
export function dashboardDocument(distDir: string) {
  let built: Built | null = null;
  const pages = new Map<string, string>();

  const load = async (): Promise<Built> => {
    const indexFile = path.join(distDir, 'index.html');
    const { mtimeMs } = await stat(indexFile);
    if (built && built.mtimeMs === mtimeMs) return built;
    pages.clear();
    const html = await readFile(indexFile, 'utf8');
    // Written by `vite build` (build.manifest in vite.config.ts); without it pages get no route preload.
    const manifest = await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8').then(
      (text) => JSON.parse(text) as Manifest,
      () => null,
    );
    const entry = manifest && Object.keys(manifest).find((key) => manifest[key]!.isEntry);
    built = { html, manifest, entryFiles: manifest && entry ? staticClosure(manifest, [entry]) : new Set(), mtimeMs };
    return built;
  };

  return async (requestPath: string, { signedIn }: { signedIn: boolean }) => {
    const { html, manifest, entryFiles } = await load();
    const page = routeModule(requestPath);
    const key = `${page ?? ''}|${signedIn}`;
    const known = pages.get(key);
    if (known) return known;
    const links: string[] = [];
    if (signedIn) for (const url of SIGNED_IN_PRELOADS) links.push(`<link rel="preload" as="fetch" href="${url}" crossorigin />`);
    if (manifest && page && manifest[page]) {
      for (const file of staticClosure(manifest, [page])) if (!entryFiles.has(file)) links.push(`<link rel="modulepreload" crossorigin href="/${file}" />`);
    }
    const completed = links.length ? html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : html;
    // One entry per page module and sign-in state: a handful, however many URLs are visited.
    pages.set(key, completed);
    return completed;
  };
}

/**
 * The page module a path opens, by the route files' naming (`/posts` → `src/routes/posts.lazy.tsx`,
 * `/settings/api-keys` → `src/routes/settings-api-keys.lazy.tsx`). Paths with ids or other names
 * get no preload: they load as they did, just without the head start.
 */
function routeModule(requestPath: string): string | null {
  const segments = requestPath.split('/').filter(Boolean);
  if (segments.length === 0 || !segments.every((segment) => /^[a-z][a-z-]*$/.test(segment))) return null;
  return `src/routes/${segments.join('-')}.lazy.tsx`;
}

/** The files a chunk needs before it runs: its own and every chunk it imports statically, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}
