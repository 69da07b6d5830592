import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformError } from '../../../platform-error';
import { stillProcessing, type PublishMedia } from '../../../publishing';
import { accountKeyOf } from '../../shared/account-key';
import { appSecretProof } from '../appsecret-proof';
import type { MetaConfig } from '../meta-config';
import { metaError } from '../meta-errors';
import type { Acting } from './meta-acting';

/** A Page video's `status` (https://developers.facebook.com/docs/graph-api/reference/video/): one phase after another. */
type Phase = { status?: 'not_started' | 'in_progress' | 'complete' | 'error'; errors?: { code?: number; message?: string }[] };
export type VideoStatus = {
  video_status?: 'upload_complete' | 'processing' | 'ready' | 'error' | 'expired' | string;
  uploading_phase?: Phase;
  processing_phase?: Phase;
  publishing_phase?: Phase & { publish_status?: string };
};

const POLL_INTERVAL_MS = 2_000;

/**
 * Hands a video to Facebook's resumable upload host by its public URL (`file_url`), the upload
 * step of reels and video stories (https://developers.facebook.com/docs/video-api/guides/reels-publishing):
 * `POST {FACEBOOK_RUPLOAD_URL}/video-upload/{version}/{video-id}` with `Authorization: OAuth <Page token>`.
 * The host is not the Graph API's, so the token travels in that header; the call is safe to repeat
 * (the video id names the upload).
 */
export async function uploadByUrl(config: MetaConfig, acting: Acting, videoId: string, medium: PublishMedia): Promise<void> {
  const operation = 'publishing.upload';
  const answer = await config.http.json<{ success?: boolean; debug_info?: { message?: string } }>({
    platform: 'FACEBOOK',
    operation,
    accountKey: accountKeyOf('FACEBOOK', acting.token),
    method: 'POST',
    url: `${config.facebook.ruploadUrl}/video-upload/${config.graphVersion}/${videoId}?appsecret_proof=${appSecretProof(acting.token, config.facebook.app.secret)}`,
    headers: { authorization: `OAuth ${acting.token}`, file_url: medium.url },
    idempotent: true,
    refineError: (response, bodyText) => metaError({ status: response.status, bodyText, headers: response.headers, platform: 'FACEBOOK', operation }),
  });
  if (answer.success !== true) {
    throw new PlatformError({
      code: 'TRANSIENT',
      message: `${operation}: Facebook did not take the video (${answer.debug_info?.message ?? 'no success'})`,
      httpStatus: 200,
      meta: { platform: 'FACEBOOK', operation, videoId },
    });
  }
}

export async function videoStatus(acting: Acting, videoId: string): Promise<VideoStatus> {
  const read = await acting.graph.call<{ status?: VideoStatus }>({
    operation: 'publishing.status',
    path: `/${videoId}`,
    token: acting.token,
    query: { fields: 'status' },
  });
  return read.status ?? {};
}

/**
 * Waits, within one attempt's time, until the reel is out (its publishing phase complete); a reel
 * still processing lets the worker go (`stillProcessing`), an error is told in Meta's words.
 */
export async function waitPublished(acting: Acting, videoId: string, waitSeconds: number): Promise<void> {
  const operation = 'publishing.publish';
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    const status = await videoStatus(acting, videoId);
    const failed = [status.uploading_phase, status.processing_phase, status.publishing_phase].find((phase) => phase?.status === 'error');
    if (failed || status.video_status === 'error' || status.video_status === 'expired') {
      const reason = failed?.errors?.[0]?.message ?? status.video_status ?? 'error';
      throw new PlatformError({
        code: status.video_status === 'expired' ? 'TRANSIENT' : 'INVALID_REQUEST',
        message: `${operation}: Facebook could not process the video ${videoId} (${reason})`,
        httpStatus: 200,
        userFacingMessage: `Facebook could not process the video: ${reason}.`,
        meta: { platform: 'FACEBOOK', operation, videoId },
      });
    }
    if (status.publishing_phase?.status === 'complete') return;
    const left = deadline - Date.now();
    if (left <= 0) {
      throw stillProcessing({ platform: 'FACEBOOK', operation, message: `${operation}: Facebook is still processing the video ${videoId}`, meta: { videoId } });
    }
    await sleep(Math.min(POLL_INTERVAL_MS, left));
  }
}
