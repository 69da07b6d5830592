import { createLazyRoute } from '@tanstack/react-router';
import { Bot } from 'lucide-react';
import { ComingSoon } from '../components/coming-soon';

export const Route = createLazyRoute('/app/automations')({
  component: () => (
    <ComingSoon
      title="Automations"
      icon={Bot}
      summary="Flows that answer comments and direct messages on their own."
      planned={[
        'Build a flow visually: one trigger, then the steps that follow',
        'Reply to comments on Instagram, Facebook and TikTok automatically',
        'Answer direct messages on Instagram and Facebook',
        'Follow every run of a flow and why it stopped',
      ]}
      meanwhile="Automations are enabled per organization by the operator."
    />
  ),
});
