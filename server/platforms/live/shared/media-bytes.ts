import type { ConnectorEnv } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { PostPlatform } from '../../platform-types';
import type { PublishMedia } from '../../publishing';

/**
 * The bytes of one medium, read from the upload storage, for platforms that take files (Discord,
 * Slack, Mastodon) rather than links. A file this worker cannot read (missing, another machine's
 * disk) is a transient failure: the platform never saw it, and the next attempt may find it.
 */
export async function mediaBlob(env: ConnectorEnv, medium: PublishMedia, meta: { platform: PostPlatform; operation: string }): Promise<Blob> {
  if (!env.storage) throw new Error('live connectors that upload files need the upload storage');
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of env.storage.open(medium.key)) chunks.push(chunk as Buffer);
  } catch (error) {
    throw new PlatformError({
      code: 'TRANSIENT',
      message: `${meta.operation}: the upload ${medium.id} could not be read (${error instanceof Error ? error.message : String(error)})`,
      httpStatus: 0,
      meta,
    });
  }
  // One copy into a plain ArrayBuffer: Blob takes no Buffer backed by a possibly shared buffer.
  return new Blob([new Uint8Array(Buffer.concat(chunks))], { type: medium.mime ?? 'application/octet-stream' });
}

/** A file name the platform shows, with an extension it can read the type from. */
export function mediaFileName(medium: PublishMedia, index: number): string {
  const fromKey = medium.key.split('/').at(-1) ?? '';
  if (/\.[a-z0-9]{2,5}$/i.test(fromKey)) return fromKey;
  const extension = medium.mime?.split('/')[1]?.replace('jpeg', 'jpg').replace('quicktime', 'mov') ?? 'bin';
  return `file-${index + 1}.${extension}`;
}
