import { createRoute } from '@tanstack/react-router';
import { PenSquare } from 'lucide-react';
import { ComingSoon } from '../components/coming-soon';
import { appRoute } from './app-layout';

export const postsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'posts',
  component: () => (
    <ComingSoon
      title="Posts"
      icon={PenSquare}
      summary="Write, schedule and publish posts to this team's connected accounts."
      planned={[
        'Compose one post for several platforms, with a tab per platform for its own options',
        'Attach images and videos from your uploads',
        'Publish now or schedule for later, with a first comment where the platform supports it',
        "Follow each post's status per platform and see why a platform refused it",
      ]}
      meanwhile="Everything this page will do will also be open to your own code through the REST API."
    />
  ),
});
