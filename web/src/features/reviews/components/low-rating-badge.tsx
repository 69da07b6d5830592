import { useReviewSummary } from '../api/get-review-summary';

/** The navigation's count of 1–2 star reviews nobody has answered yet. */
export function LowRatingBadge({ teamId }: { teamId: string | undefined }) {
  const count = useReviewSummary(teamId).data?.lowRating ?? 0;
  if (!count) return null;
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] leading-5 font-semibold text-white tabular-nums">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> low-rated {count === 1 ? 'review needs' : 'reviews need'} a reply</span>
    </span>
  );
}
