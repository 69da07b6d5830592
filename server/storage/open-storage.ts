import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk-storage';

export type OpenedStorage = { storage: FileStorage; close(): Promise<void> };

/**
 * The upload storage of one running app, built at boot and handed to handlers and jobs through
 * `AppServices`. `STORAGE=s3`: a bucket every instance shares. Local disk: `STORAGE_DIR` (a volume
 * several instances may mount), else `DATA_DIR/uploads`; with an in-memory database (tests) a
 * fresh temporary directory that goes with the app, so runs never share or leave files behind.
 */
export async function openStorage(config: Config): Promise<OpenedStorage> {
  if (config.STORAGE === 's3') return openS3Storage(config);
  const ephemeral = config.dataDir === 'memory://' && !config.STORAGE_DIR;
  const root = config.STORAGE_DIR
    ? path.resolve(config.STORAGE_DIR)
    : ephemeral
      ? await mkdtemp(path.join(os.tmpdir(), 'socialdesk-uploads-'))
      : path.resolve(config.dataDir, 'uploads');
  const disk = new LocalDiskStorage(root);
  await disk.init();
  return {
    storage: disk,
    close: async () => {
      if (ephemeral) await rm(root, { recursive: true, force: true });
    },
  };
}

async function openS3Storage(config: Config): Promise<OpenedStorage> {
  // Loaded only when used: the AWS SDK is large, and most installations keep files on disk.
  const [{ S3Client }, { S3Storage }] = await Promise.all([import('@aws-sdk/client-s3'), import('./s3-storage')]);
  const client = new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  // Work files stay on this machine: thumbnails being made, downloads being probed.
  const scratchDir = await mkdtemp(path.join(os.tmpdir(), 'socialdesk-scratch-'));
  const bucket = new S3Storage({ client, bucket: config.S3_BUCKET!, prefix: config.S3_PREFIX, scratchDir });
  await bucket.init();
  return {
    storage: bucket,
    close: async () => {
      client.destroy();
      await rm(scratchDir, { recursive: true, force: true });
    },
  };
}
