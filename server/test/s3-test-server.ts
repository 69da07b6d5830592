import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type S3TestServer = { endpoint: string; bucket: string; env: Record<string, string>; close(): Promise<void> };

/**
 * An S3-compatible server (s3rver) on 127.0.0.1 with one empty bucket, its objects in a temporary
 * directory that goes with it. `env` is the configuration that points the product at it.
 */
export async function startS3TestServer(bucket = 'socialdesk-media'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'socialdesk-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed development credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
