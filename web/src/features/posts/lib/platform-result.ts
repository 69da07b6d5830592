import type { Post } from '@/api/post-query-keys';

/**
 * A platform's answer (`externalData.<PLATFORM>`) in a person's words: where the post is, what the
 * platform says of it, and its ids only for whoever needs them (support, the API).
 */

/** Platform statuses as the platforms spell them (TikTok's publish status, Snapchat's). */
const STATUS_WORDS: Record<string, string> = {
  PUBLISH_COMPLETE: 'Live on the platform',
  PUBLISHED: 'Live on the platform',
  PROCESSING_UPLOAD: 'The platform is processing the upload',
  PROCESSING_DOWNLOAD: 'The platform is fetching the media',
  SEND_TO_USER_INBOX: 'Sent to the creator’s inbox to finish in the app',
  FAILED: 'The platform reports a failure',
};

/** What the platform says of the post, readable; null when it says nothing. */
export function platformStatusText(status: string | undefined): string | null {
  if (!status) return null;
  return (
    STATUS_WORDS[status] ??
    status
      .toLowerCase()
      .replace(/_/g, ' ')
      .replace(/^./, (first) => first.toUpperCase())
  );
}

/** Names of the ids platforms return, for the folded "Platform ids" list. */
const ID_NAMES: Record<string, string> = {
  id: 'Post id',
  postId: 'Page post id',
  videoId: 'Video id',
  creationId: 'Media container id',
  requestId: 'Publish request id',
  shareId: 'Share id',
  activity: 'Activity id',
  uri: 'Record URI',
  cid: 'Record CID',
  did: 'Account DID',
  mediaId: 'Media id',
  profileId: 'Profile id',
  sourceUploadId: 'Source upload id',
  channelId: 'Channel id',
  sessionUri: 'Upload session',
  subreddit_name: 'Subreddit',
  type: 'Kind',
};

/** Shown elsewhere (the link, the picture, the status line): not among the ids. */
const SHOWN_ELSEWHERE = new Set(['permalink', 'thumbnail', 'status']);

export function platformIds(result: Record<string, string>): { key: string; label: string; value: string }[] {
  return Object.entries(result)
    .filter(([key, value]) => !SHOWN_ELSEWHERE.has(key) && typeof value === 'string' && value.length > 0)
    .map(([key, value]) => ({ key, label: ID_NAMES[key] ?? key, value }));
}

/** A permalink as people read one: host and path, without the scheme. */
export function readableLink(permalink: string): string {
  try {
    const url = new URL(permalink);
    return `${url.host.replace(/^www\./, '')}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return permalink;
  }
}

type Advice = Post['mediaWarnings'][string][number];

/** What was (or will be) done to the post's media for this platform, in past tense once published. */
export function mediaNotes(post: Post, platform: string, published: boolean, label: string): { text: string; offer: boolean }[] {
  return (post.mediaWarnings[platform] ?? []).map((advice: Advice) => {
    if (!published || !advice.applied) return { text: advice.message, offer: !advice.applied };
    if (advice.kind === 'convert') return { text: `Sent to ${label} as a JPEG; the original upload is kept`, offer: false };
    const cropped = (post.data[platform] as { autoCropImage?: unknown } | undefined)?.autoCropImage === true;
    if (!cropped) return { text: `Padded with white to fit ${label}'s proportions`, offer: false };
    const size = advice.crop ? ` to ${advice.crop.width}×${advice.crop.height}` : '';
    return { text: `Cropped${size} in the center to fit ${label}`, offer: false };
  });
}
