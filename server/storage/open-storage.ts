import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk-storage';

export type OpenedStorage = { storage: FileStorage; close(): Promise<void> };

/**
 * The upload storage of one running app, built at boot and handed to handlers and jobs through
 * `AppServices` (an S3-compatible store can take its place without touching them).
 * Local disk: `DATA_DIR/uploads`; with an in-memory database (tests) a fresh temporary directory
 * that goes with the app, so runs never share or leave files in the project.
 */
export async function openStorage(config: Config): Promise<OpenedStorage> {
  const ephemeral = config.dataDir === 'memory://';
  const root = ephemeral ? await mkdtemp(path.join(os.tmpdir(), 'socialdesk-uploads-')) : path.resolve(config.dataDir, 'uploads');
  const disk = new LocalDiskStorage(root);
  await disk.init();
  return {
    storage: disk,
    close: async () => {
      if (ephemeral) await rm(root, { recursive: true, force: true });
    },
  };
}
