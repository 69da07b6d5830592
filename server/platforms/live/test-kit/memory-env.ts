import { Readable } from 'node:stream';
import type { ConnectorEnv } from '../../connector';
import type { PublishMedia } from '../../publishing';

/**
 * The host side a live connector sees in tests: upload storage holding the given files. Live
 * connectors keep nothing of their own in the database, so `db` is never touched here.
 */
export function memoryEnv(files: Record<string, Buffer> = {}): ConnectorEnv {
  return {
    db: undefined as unknown as ConnectorEnv['db'],
    publicUrl: 'http://127.0.0.1',
    storage: {
      open: (key: string) => {
        const bytes = files[key];
        if (!bytes) throw new Error(`no upload ${key}`);
        return Readable.from([bytes]);
      },
      stat: async (key: string) => (files[key] ? { size: files[key].length } : null),
    },
  };
}

export function medium(key: string, bytes: Buffer, mime: string, type: PublishMedia['type'] = 'image'): PublishMedia {
  return { id: `upl_${key}`, url: `http://127.0.0.1/uploads/${key}`, key, size: bytes.length, type, mime, width: 10, height: 10, videoLength: null };
}
