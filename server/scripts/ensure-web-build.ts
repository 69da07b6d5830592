/**
 * Run by `npm start` before the server: builds the dashboard only when web/dist is missing or older
 * than its sources, so a fresh clone works with `npm start` alone and later starts stay fast.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDir = path.join(repoRoot, 'web');
const distDir = path.join(webDir, 'dist');
const builtIndex = path.join(distDir, 'index.html');
const viteConfig = path.join(repoRoot, 'vite.config.ts');
// Written by the build (see vite.config.ts): sources outside web/ that the bundle includes.
const buildInputs = path.join(distDir, '.build-inputs.json');

const SKIPPED_DIRS = new Set(['dist', 'node_modules']);

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* filesUnder(path.join(dir, entry.name));
    } else if (entry.isFile()) {
      yield path.join(dir, entry.name);
    }
  }
}

function extraInputs(): string[] {
  try {
    const listed: unknown = JSON.parse(readFileSync(buildInputs, 'utf8'));
    return Array.isArray(listed) ? listed.filter((item): item is string => typeof item === 'string').map((file) => path.join(repoRoot, file)) : [];
  } catch {
    return [];
  }
}

/** Why a build is needed, or null when web/dist is current. */
export function staleReason(): string | null {
  if (!existsSync(builtIndex)) return 'no build yet';
  const builtAt = statSync(builtIndex).mtimeMs;
  for (const file of [viteConfig, ...filesUnder(webDir), ...extraInputs()]) {
    // A listed input that was deleted also changes the bundle.
    if (!existsSync(file)) return `${path.relative(repoRoot, file)} was removed`;
    if (statSync(file).mtimeMs > builtAt) return `${path.relative(repoRoot, file)} changed`;
  }
  return null;
}

async function main() {
  const reason = staleReason();
  if (!reason) {
    process.stdout.write('Dashboard: web/dist is up to date, not rebuilding.\n');
    return;
  }
  const started = Date.now();
  const { build } = await import('vite');
  await build({ configFile: viteConfig, logLevel: 'warn' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Dashboard: built web/dist in ${seconds} s (${reason}).\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`Dashboard build failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
