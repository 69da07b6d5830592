import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The npm registry these machines reach lacks the macOS, Windows, FreeBSD, Android, 32-bit ARM
 * and WASI builds of Tailwind's engine (@tailwindcss/oxide-*). npm then records nothing for them,
 * and `npm ci` refuses the lockfile as incomplete. They are optional builds for other platforms,
 * never installed here; this adds their lock entries (platform fields only) so `npm ci` accepts
 * the lockfile. Run it after `npm install` changes dependencies: `npx tsx server/scripts/complete-lockfile.ts`.
 */
const PLATFORMS: Record<string, { os?: string[]; cpu: string[] }> = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};

const path = new URL('../../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, Record<string, unknown>> };
const engine = lock.packages['node_modules/@tailwindcss/oxide'];
if (!engine) throw new Error('@tailwindcss/oxide is not in the lockfile');
let added = 0;
for (const [suffix, platform] of Object.entries(PLATFORMS)) {
  const key = `node_modules/@tailwindcss/oxide-${suffix}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = { version: engine.version, cpu: platform.cpu, dev: true, license: 'MIT', optional: true, ...(platform.os ? { os: platform.os } : {}), engines: { node: '>= 20' } };
  added += 1;
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(path, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} lock entries`);
