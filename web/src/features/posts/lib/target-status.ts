import { isPublishedOn, type Post } from '@/api/post-query-keys';
import type { ComponentProps } from 'react';
import type { Badge } from '@/components/ui/badge';

type Tone = NonNullable<ComponentProps<typeof Badge>['tone']>;

export type TargetState = { label: string; tone: Tone; failed: boolean };

/**
 * What one platform made of the post. The API reports per platform only its result (externalData)
 * and its error; everything else follows from the post's own status.
 */
export function targetState(post: Post, platform: string): TargetState {
  const published = isPublishedOn(post, platform);
  const error = post.errors[platform];
  if (published) return { label: error ? 'Published with a warning' : 'Published', tone: error ? 'warning' : 'success', failed: false };
  if (error && post.status === 'RETRYING') return { label: 'Retrying', tone: 'warning', failed: false };
  if (error) return { label: 'Failed', tone: 'danger', failed: true };
  switch (post.status) {
    case 'DRAFT':
      return { label: 'Draft', tone: 'neutral', failed: false };
    case 'SCHEDULED':
      return { label: 'Scheduled', tone: 'accent', failed: false };
    case 'PROCESSING':
    case 'RETRYING':
      return { label: 'Publishing', tone: 'accent', failed: false };
    case 'DELETED':
      return { label: 'Not published', tone: 'neutral', failed: false };
    default:
      return { label: 'No result', tone: 'neutral', failed: false };
  }
}
