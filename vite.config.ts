import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { browserOnlyGuard } from './web/build/browser-only-guard.ts';
import { pathAliases } from './web/build/path-aliases.ts';
import { precompress } from './web/build/precompress.ts';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.join(repoRoot, 'web');
const outDir = path.join(webRoot, 'dist');
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Lists the bundle's source files outside web/ (the server's zod schemas) in web/dist/.build-inputs.json,
 * so `server/scripts/ensure-web-build.ts` also rebuilds when one of those changes.
 */
function recordBuildInputs(): Plugin {
  let builtTo = outDir;
  return {
    name: 'socialdesk:record-build-inputs',
    apply: 'build',
    configResolved(config) {
      builtTo = config.build.outDir;
    },
    writeBundle() {
      const inputs = [...this.getModuleIds()]
        .filter((id) => path.isAbsolute(id) && !id.includes('node_modules') && !id.startsWith(webRoot + path.sep))
        .map((id) => path.relative(repoRoot, id.split('?')[0]!))
        .sort();
      writeFileSync(path.join(builtTo, '.build-inputs.json'), `${JSON.stringify([...new Set(inputs)], null, 2)}\n`);
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: path.join(webRoot, 'public'),
  plugins: [react(), tailwindcss(), recordBuildInputs(), browserOnlyGuard({ repoRoot }), precompress()],
  resolve: { alias: pathAliases(repoRoot) },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    // The server reads it to preload each page's chunk from the HTML (server/web/dashboard-document.ts).
    manifest: true,
    // One chunk of ~650 kB (~200 kB gzipped, mostly React DOM) is served once and cached for a year;
    // splitting it would add requests without making the first load smaller. Lazy pages will split themselves.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // The dashboard's own shared code (components, lib, api) and the router in one chunk once two
        // chunks share it. Left to itself, every new lazy page regroups these modules by which pages
        // import them, into many small chunks that gzip worse and that the first page then loads
        // separately (docs/decisions/047-one-shared-app-chunk.md).
        advancedChunks: { groups: [{ name: 'app', test: /[\\/]web[\\/]src[\\/](components|lib|api)[\\/]|@tanstack[\\/]react-router/, minShareCount: 2 }] },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.VITE_PORT ?? 5173),
    // The dashboard imports request schemas from server/, outside Vite's root.
    fs: { allow: [repoRoot] },
    proxy: Object.fromEntries(['/api', '/docs', '/healthz'].map((prefix) => [prefix, { target: apiUrl, changeOrigin: false }])),
  },
  preview: { host: '127.0.0.1' },
});
