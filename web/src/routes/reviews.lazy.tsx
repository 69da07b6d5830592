import { createLazyRoute } from '@tanstack/react-router';
import { Star } from 'lucide-react';
import { ComingSoon } from '../components/coming-soon';

export const Route = createLazyRoute('/app/reviews')({
  component: () => (
    <ComingSoon
      title="Reviews"
      icon={Star}
      summary="Google Business reviews of this team's locations, and your replies to them."
      planned={[
        'Import reviews from connected Google Business accounts',
        'Read every review with its star rating in one list',
        'Write, edit and delete owner replies',
        'See when a reply is held back for a policy check',
      ]}
      meanwhile="Review imports and replies will also be open to your own code through the REST API."
    />
  ),
});
