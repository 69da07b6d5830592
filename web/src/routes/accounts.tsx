import { createRoute } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { ComingSoon } from '../components/coming-soon';
import { appRoute } from './app-layout';

export const accountsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'accounts',
  component: () => (
    <ComingSoon
      title="Accounts"
      icon={Users}
      summary="The social accounts this team publishes to and listens on."
      planned={[
        'Connect accounts on 14 platforms, from TikTok and YouTube to Bluesky and Google Business',
        'Try everything first with sandbox accounts, no platform login needed',
        'Reconnect an account when its access expires',
        'Copy accounts between teams',
      ]}
    />
  ),
});
