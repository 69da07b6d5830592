import { createLazyRoute } from '@tanstack/react-router';
import { useSession } from '@/features/auth/api/get-session';
import { InboxDisabled, InboxPage } from '@/features/inbox/components/inbox-page';

export const Route = createLazyRoute('/app/inbox')({ component: Inbox });

function Inbox() {
  const session = useSession();
  if (!session?.organization.dmsEnabled) return <InboxDisabled />;
  return <InboxPage />;
}
