import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compressBody } from '../../server/http/compression.ts';

// Text the browser downloads. Source maps are fetched only by developer tools; index.html is
// completed per request by the server (server/web/spa.ts) and compressed then.
const PRECOMPRESSED = /\.(js|mjs|css|svg|json)$/;
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` beside each file of a build directory that gains from it. */
export async function precompressFiles(outDir: string, fileNames: Iterable<string>) {
  const work = [...fileNames]
    .filter((fileName) => PRECOMPRESSED.test(fileName) && !fileName.startsWith('.vite/'))
    .map(async (fileName) => {
      const file = path.join(outDir, fileName);
      const body = await readFile(file);
      if (body.byteLength < MIN_BYTES) return;
      const [br, gz] = await Promise.all([compressBody(body, 'br', 'build'), compressBody(body, 'gzip', 'build')]);
      // A variant no smaller than the file would only cost a lookup.
      await Promise.all([br.byteLength < body.byteLength && writeFile(`${file}.br`, br), gz.byteLength < body.byteLength && writeFile(`${file}.gz`, gz)]);
    });
  await Promise.all(work);
}

/**
 * Brotli (quality 11) and gzip (level 9) copies of the built scripts and styles, made once at build
 * time, so the server sends the smallest encoding without compressing per request
 * (docs/decisions/080-compressed-assets-and-one-fetch-per-page.md).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'socialdesk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      await precompressFiles(outDir, Object.keys(bundle));
    },
  };
}
