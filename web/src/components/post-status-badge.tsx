import { POST_STATUS_INFO, type PostStatus } from '@/lib/post-platforms';
import { Badge } from './ui/badge';

export function PostStatusBadge({ status, className }: { status: PostStatus; className?: string }) {
  const info = POST_STATUS_INFO[status];
  return (
    <Badge tone={info.tone} title={info.hint} className={className}>
      {info.label}
    </Badge>
  );
}
