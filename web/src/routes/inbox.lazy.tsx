import { createLazyRoute } from '@tanstack/react-router';
import { Inbox } from 'lucide-react';
import { ComingSoon } from '../components/coming-soon';

export const Route = createLazyRoute('/app/inbox')({
  component: () => (
    <ComingSoon
      title="Inbox"
      icon={Inbox}
      summary="Instagram and Facebook direct messages in one unified inbox."
      planned={[
        'Read and answer conversations from every connected Instagram and Facebook account',
        'Send images, reactions and private replies to comments',
        'See when messages were delivered and read, live as they arrive',
        'Archive conversations and keep the inbox tidy',
      ]}
      meanwhile="Direct messages are enabled per organization by the operator."
    />
  ),
});
