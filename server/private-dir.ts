import { chmodSync, mkdirSync } from 'node:fs';

/**
 * DATA_DIR holds the embedded database, the generated secret key, the admin socket and uploads:
 * nobody but its owner may list or read it. `mkdir`'s mode covers only directories it creates, so
 * a directory an older version made world-readable is tightened too.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch {
    // Not ours to change (a mounted volume owned by another user): the operator decides then.
  }
}
