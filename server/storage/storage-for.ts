import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk-storage';

const stores = new WeakMap<Config, Promise<LocalDiskStorage>>();

/**
 * The storage of a running app: `DATA_DIR/uploads`, or a fresh temporary directory when the
 * database is in memory (tests), so runs never share or leave files in the project.
 */
export function storageFor(config: Config): Promise<FileStorage> {
  let store = stores.get(config);
  if (!store) {
    const root =
      config.dataDir === 'memory://' ? mkdtempSync(path.join(os.tmpdir(), 'socialdesk-uploads-')) : path.join(config.dataDir, 'uploads');
    const disk = new LocalDiskStorage(path.resolve(root));
    store = disk.init().then(() => disk);
    stores.set(config, store);
  }
  return store;
}
