import { CountBadge } from '@/components/ui/count-badge';
import { useReviewSummary } from '../api/get-review-summary';

/** The navigation's count of 1–2 star reviews nobody has answered yet. */
export function LowRatingBadge({ teamId }: { teamId: string | undefined }) {
  const count = useReviewSummary(teamId).data?.lowRating ?? 0;
  return <CountBadge count={count} tone="red" label={`low-rated ${count === 1 ? 'review needs' : 'reviews need'} a reply`} />;
}
