import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The npm registry these machines reach lacks many platform-specific optional builds (Tailwind's
 * engine @tailwindcss/oxide-*, the resolver bindings @unrs/resolver-binding-* and the like for
 * macOS, Windows, FreeBSD, Android, 32-bit ARM, WASI…). npm then records nothing for them, and
 * `npm ci` refuses the lockfile as incomplete. They are optional builds for other platforms, never
 * installed here; this adds their lock entries (platform fields read from the package name) so
 * `npm ci` accepts the lockfile. Run it after `npm install` changes dependencies:
 * `npx tsx server/scripts/complete-lockfile.ts`.
 */
type LockEntry = Record<string, unknown> & { version?: string; dev?: boolean; optionalDependencies?: Record<string, string> };

const OS = ['darwin', 'win32', 'linux', 'freebsd', 'android', 'openharmony', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'mips64el'];

/** `@unrs/resolver-binding-linux-arm-musleabihf` → os linux, cpu arm, libc musl. */
function platformOf(name: string): { os?: string[]; cpu?: string[]; libc?: string[] } | undefined {
  const parts = name.split('/').pop()!.split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  if (!os && !cpu) return undefined;
  const libcPart = parts.find((part) => part.startsWith('musl') || part.startsWith('gnu'));
  return {
    ...(os ? { os: [os] } : {}),
    ...(cpu ? { cpu: [cpu] } : {}),
    ...(os === 'linux' && libcPart ? { libc: [libcPart.startsWith('musl') ? 'musl' : 'glibc'] } : {}),
  };
}

const path = new URL('../../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, LockEntry> };
let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  if (!key || !entry.optionalDependencies) continue;
  for (const [name, range] of Object.entries(entry.optionalDependencies)) {
    const target = `node_modules/${name}`;
    if (lock.packages[target] || lock.packages[`${key}/node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[target] = {
      version: range.replace(/^[\^~=]/, ''),
      ...platform,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(path, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} lock entries`);
