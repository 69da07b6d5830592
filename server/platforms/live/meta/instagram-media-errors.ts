import type { PlatformErrorCode } from '../../platform-error';

type MediaError = { kind: PlatformErrorCode; text: string; waitSeconds?: number };

/**
 * The documented Instagram publishing subcodes (2207xxx), in our words for the person who made the
 * post (https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/error-codes).
 * Those Meta says to try again are transient: the worker makes a new container on its next attempt.
 */
export const INSTAGRAM_MEDIA_ERRORS: Record<number, MediaError> = {
  2207001: { kind: 'TRANSIENT', text: 'Instagram had a server error; the post is tried again.' },
  2207003: { kind: 'TRANSIENT', text: 'Instagram took too long to download the media; the post is tried again.' },
  2207004: { kind: 'INVALID_REQUEST', text: 'The image is too large for Instagram (at most 8 MB).' },
  2207005: { kind: 'INVALID_REQUEST', text: 'Instagram does not accept this media format.' },
  2207006: { kind: 'NOT_FOUND', text: 'Instagram could not find the media: it was deleted, or the account may no longer publish it.' },
  2207008: { kind: 'TRANSIENT', text: 'The Instagram media container expired before it was published; the post is tried again.' },
  2207009: { kind: 'INVALID_REQUEST', text: 'Instagram does not accept the aspect ratio of this image.' },
  2207010: { kind: 'INVALID_REQUEST', text: 'The caption is too long for Instagram (2,200 characters, 30 hashtags, 20 mentions).' },
  2207020: { kind: 'TRANSIENT', text: 'The Instagram media upload expired; the post is tried again.' },
  2207023: { kind: 'INVALID_REQUEST', text: 'Instagram does not know this media type.' },
  2207026: { kind: 'INVALID_REQUEST', text: 'Instagram does not accept this video format.' },
  2207027: { kind: 'TRANSIENT', text: 'Instagram is still processing the media; the post is tried again.' },
  2207028: { kind: 'INVALID_REQUEST', text: 'An Instagram carousel needs 2 to 10 photos or videos.' },
  2207032: { kind: 'TRANSIENT', text: 'Instagram could not create the media; the post is tried again.' },
  2207042: { kind: 'RATE_LIMITED', text: 'The account reached Instagram’s daily limit of published posts.', waitSeconds: 24 * 3600 },
  2207050: { kind: 'PERMANENT', text: 'The Instagram account is inactive, checkpointed or restricted; open Instagram to resolve it.' },
  2207051: { kind: 'PERMANENT', text: 'Instagram restricted this action to protect its community (suspected spam).' },
  2207052: { kind: 'INVALID_REQUEST', text: 'Instagram could not fetch the media from its link: PUBLIC_URL must be reachable from the internet.' },
  2207053: { kind: 'TRANSIENT', text: 'Instagram had an unknown upload error; the post is tried again.' },
  2207057: { kind: 'INVALID_REQUEST', text: 'The video thumbnail offset is outside the video.' },
};
