/**
 * `npm run bench:web`: what a person's browser downloads before the first page works, sign-in and
 * then the post list, in gzip bytes of JavaScript. Builds the dashboard twice in this run: as
 * shipped (split by route) and as one chunk (code splitting off, the way it shipped before), and
 * prints the first page beside the 200 kB limit and beside the single chunk as a ratio.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LIMIT_BYTES = 200 * 1024;
// The route modules the first visit goes through (keys of Vite's manifest, relative to web/).
const FIRST_PAGES = ['src/routes/login.lazy.tsx', 'src/routes/posts.lazy.tsx'];

async function buildInto(outDir: string, split: boolean) {
  await build({
    configFile: path.join(repoRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      sourcemap: false,
      rolldownOptions: split ? {} : { output: { codeSplitting: false } },
      // The one-chunk baseline is large on purpose; its size warning says nothing here.
      chunkSizeWarningLimit: split ? undefined : 10_000,
    },
  });
  return JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The files a page needs before it runs: its chunk and every chunk it imports statically, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const gzipBytes = (outDir: string, files: Iterable<string>) =>
  [...files].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipSync(readFileSync(path.join(outDir, file))).length, 0);

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const scratch = mkdtempSync(path.join(tmpdir(), 'first-page-'));
try {
  const splitDir = path.join(scratch, 'split');
  const split = await buildInto(splitDir, true);
  const entry = Object.entries(split).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('no entry chunk in the manifest');
  const firstPage = staticClosure(split, [entry, ...FIRST_PAGES]);
  const firstPageBytes = gzipBytes(splitDir, firstPage);
  const allBytes = gzipBytes(
    splitDir,
    Object.values(split).map((chunk) => chunk.file),
  );

  const singleDir = path.join(scratch, 'single');
  const single = await buildInto(singleDir, false);
  const singleBytes = gzipBytes(
    singleDir,
    Object.values(single).map((chunk) => chunk.file),
  );

  console.log('First page (sign-in, then the post list), JavaScript, gzip:');
  console.log(
    `  entry + login + posts chunks (${firstPage.size} files)  ${kB(firstPageBytes).padStart(9)}   limit ${kB(LIMIT_BYTES)}  ${firstPageBytes <= LIMIT_BYTES ? 'ok' : 'OVER'}`,
  );
  console.log(`  the whole dashboard, split (${Object.keys(split).length} chunks)  ${kB(allBytes).padStart(9)}`);
  console.log(`  the whole dashboard as one chunk (baseline)  ${kB(singleBytes).padStart(9)}`);
  console.log(`  ratio first page / one chunk                 ${(firstPageBytes / singleBytes).toFixed(2)}`);
  if (firstPageBytes > LIMIT_BYTES) process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
