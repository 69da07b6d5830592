import { CountBadge } from '@/components/ui/count-badge';
import { useUnreadCount } from '../api/get-unread-count';

/** The navigation's count of open conversations with messages nobody has read yet. */
export function UnreadBadge({ teamId, enabled }: { teamId: string | undefined; enabled: boolean }) {
  const count = useUnreadCount(teamId, enabled).data ?? 0;
  return <CountBadge count={count} tone="accent" label={`unread ${count === 1 ? 'conversation' : 'conversations'}`} />;
}
