import { setTimeout as sleep } from 'node:timers/promises';
import type { ConnectorEnv, Credentials } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { PublishMedia } from '../../publishing';
import { mediaBlob, mediaFileName } from '../shared/media-bytes';
import type { MastodonApi } from './mastodon-api';

type Attachment = { id: string; type: string; url: string | null; preview_url: string | null };

/**
 * Uploads one file (`POST /api/v2/media`). Images usually come back processed (200); video and
 * large files come back 202 with `url: null` while the server transcodes, and
 * `GET /api/v1/media/:id` answers 206 until it is done (then 200). A status may only use
 * processed media, so this waits, up to the configured time, then fails transiently.
 */
export async function uploadMastodonMedia(
  api: MastodonApi,
  env: ConnectorEnv,
  credentials: Credentials,
  medium: PublishMedia,
  index: number,
  description?: string,
): Promise<Attachment> {
  const operation = 'publishing.media';
  const form = new FormData();
  form.set('file', await mediaBlob(env, medium, { platform: 'MASTODON', operation }), mediaFileName(medium, index));
  if (description) form.set('description', description);
  const uploaded = await api.asAccount<Attachment>(credentials, { operation, method: 'POST', path: '/api/v2/media', body: form, timeoutMs: 120_000 });
  if (uploaded.status === 200 && uploaded.body.url) return uploaded.body;
  const wait = api.config.mediaWait ?? { attempts: 60, intervalMs: 2_000 };
  for (let attempt = 0; attempt < wait.attempts; attempt++) {
    await sleep(wait.intervalMs);
    const polled = await api.asAccount<Attachment>(credentials, { operation, path: `/api/v1/media/${uploaded.body.id}` });
    if (polled.status === 200 && polled.body.url) return polled.body;
  }
  throw new PlatformError({
    code: 'TRANSIENT',
    message: `${operation}: the server was still processing ${mediaFileName(medium, index)} after ${Math.round((wait.attempts * wait.intervalMs) / 1000)} s`,
    httpStatus: 206,
    meta: { platform: 'MASTODON', operation, mediaId: uploaded.body.id },
  });
}
