import type { ConnectorEnv } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { PublishMedia } from '../../publishing';
import type { YoutubeApi } from './youtube-api';

/** The video resource YouTube answers once the last byte is in (the parts we read). */
export type UploadedVideo = { id: string; snippet?: { channelId?: string; title?: string }; status?: { uploadStatus?: string } };

/** Where a resumable session stands: how many bytes YouTube holds, or the video it became. */
export type SessionState = { kind: 'incomplete'; received: number } | { kind: 'complete'; video: UploadedVideo } | { kind: 'gone' };

/**
 * The resumable upload protocol of `videos.insert`
 * (https://developers.google.com/youtube/v3/guides/using_resumable_upload_protocol):
 * 1. `POST /videos?uploadType=resumable&part=…` with the metadata and `X-Upload-Content-*`: the
 *    session URI comes back in `Location`. No video exists until its last byte arrives, so the URI
 *    is the intent the worker records before sending the first byte.
 * 2. `PUT <session>` with `Content-Range: bytes first-last/total` per chunk (each a multiple of
 *    256 KiB but the last): `308 Resume Incomplete` with `Range: bytes=0-N` until the last, which
 *    answers `200`/`201` with the video resource.
 * 3. After an interruption, `PUT <session>` with `Content-Range: bytes *\/total` and no body asks how
 *    much arrived (`308` with `Range`, or none when nothing did); the upload goes on from there.
 */
export async function startSession(
  api: YoutubeApi,
  accessToken: string,
  input: { resource: Record<string, unknown>; size: number; mime: string; parts: string },
): Promise<string> {
  const response = await api.raw(accessToken, {
    operation: 'publishing.upload.start',
    method: 'POST',
    upload: true,
    path: '/videos',
    query: { uploadType: 'resumable', part: input.parts },
    headers: { 'x-upload-content-length': String(input.size), 'x-upload-content-type': input.mime },
    body: input.resource,
  });
  const location = response.headers.get('location');
  if (!location) {
    throw new PlatformError({
      code: 'TRANSIENT',
      message: 'publishing.upload.start: YouTube answered without a session URI',
      httpStatus: response.status,
      meta: { platform: 'YOUTUBE', operation: 'publishing.upload.start' },
    });
  }
  return location;
}

/** Asks the session how much it holds (step 3). A session YouTube forgot (a week old) is `gone`. */
export async function querySession(api: YoutubeApi, accessToken: string, sessionUri: string, size: number): Promise<SessionState> {
  try {
    const response = await api.raw(accessToken, {
      operation: 'publishing.upload.status',
      method: 'PUT',
      path: sessionUri,
      headers: { 'content-range': `bytes */${size}` },
      body: new Uint8Array(0),
    });
    return await readChunkAnswer(response);
  } catch (error) {
    if (error instanceof PlatformError && error.code === 'NOT_FOUND') return { kind: 'gone' };
    throw error;
  }
}

/**
 * Sends the file from `from` in chunks; answers the video once complete. A chunk that fails
 * (connection lost, an outage) is not repeated here: the attempt fails transiently and the next one
 * asks the session where it stands, since part of the chunk may have arrived.
 */
export async function sendFrom(
  api: YoutubeApi,
  env: ConnectorEnv,
  accessToken: string,
  input: { sessionUri: string; medium: PublishMedia; from: number; chunkBytes: number },
): Promise<UploadedVideo> {
  const { sessionUri, medium, chunkBytes } = input;
  const size = medium.size;
  let offset = input.from;
  for (;;) {
    const end = Math.min(offset + chunkBytes, size) - 1;
    const chunk = await readRange(env, medium, offset, end);
    const response = await api.raw(accessToken, {
      operation: 'publishing.upload.chunk',
      method: 'PUT',
      path: sessionUri,
      // Never retried blindly: a repeat after a partial write would send bytes YouTube has.
      idempotent: false,
      headers: { 'content-range': `bytes ${offset}-${end}/${size}`, 'content-type': medium.mime ?? 'application/octet-stream' },
      body: chunk,
    });
    const state = await readChunkAnswer(response);
    if (state.kind === 'complete') return state.video;
    if (state.kind === 'gone') throw sessionGone();
    offset = state.received;
  }
}

async function readChunkAnswer(response: Response): Promise<SessionState> {
  if (response.status === 200 || response.status === 201) return { kind: 'complete', video: (await response.json()) as UploadedVideo };
  if (response.status === 308) {
    // `Range: bytes=0-N`: N is the last byte held; no header: nothing arrived yet.
    const range = /bytes=0-(\d+)/.exec(response.headers.get('range') ?? '');
    await response.body?.cancel();
    return { kind: 'incomplete', received: range ? Number(range[1]) + 1 : 0 };
  }
  await response.body?.cancel();
  throw new PlatformError({
    code: 'TRANSIENT',
    message: `publishing.upload: unexpected answer ${response.status} from the upload session`,
    httpStatus: response.status,
    meta: { platform: 'YOUTUBE', operation: 'publishing.upload' },
  });
}

const sessionGone = () =>
  new PlatformError({
    code: 'TRANSIENT',
    message: 'publishing.upload: the resumable session expired; a new one is started',
    httpStatus: 404,
    meta: { platform: 'YOUTUBE', operation: 'publishing.upload', sessionGone: true },
  });

async function readRange(env: ConnectorEnv, medium: PublishMedia, start: number, end: number): Promise<Uint8Array> {
  if (!env.storage) throw new Error('the YouTube connector needs the upload storage');
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of env.storage.open(medium.key, { start, end })) chunks.push(chunk as Buffer);
  } catch (error) {
    throw new PlatformError({
      code: 'TRANSIENT',
      message: `publishing.upload: the upload ${medium.id} could not be read (${error instanceof Error ? error.message : String(error)})`,
      httpStatus: 0,
      meta: { platform: 'YOUTUBE', operation: 'publishing.upload' },
    });
  }
  return new Uint8Array(Buffer.concat(chunks));
}
