import type { CalendarPost } from '../api/get-calendar-posts';

/** The post's first attached media as a small picture: an image's thumbnail, a video's poster when the server made one. */
export function firstMedia(post: CalendarPost): { src: string | null; video: boolean } | null {
  const upload = post.uploads.find((link) => !link.deletedAt && link.upload)?.upload as
    { type?: string; url?: string; thumbnailUrl?: string | null } | undefined;
  if (!upload) return null;
  const video = upload.type === 'video';
  return { src: upload.thumbnailUrl ?? (video ? null : (upload.url ?? null)), video };
}
