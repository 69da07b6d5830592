import { Skeleton } from '@/components/ui/skeleton';
import { STAR_NAMES } from '../lib/review-item';
import { useReviewStats } from '../api/get-review-stats';
import { StarRating } from './star-rating';

/** The average rating, big, and one bar per star count: how the place is doing at a glance. */
export function RatingSummary({ teamId }: { teamId: string }) {
  const stats = useReviewStats(teamId);
  if (!stats.data) return <Skeleton className="h-24 w-full" aria-label="Loading the rating" />;
  const { averageRating, rated, distribution } = stats.data;
  if (averageRating === null) return <p className="text-sm text-zinc-500">No rated reviews yet: the average and the distribution show once some are in.</p>;
  const most = Math.max(1, ...Object.values(distribution));
  return (
    <section aria-label="Rating" className="flex items-center gap-6">
      <div className="shrink-0 text-center">
        <p className="text-4xl font-semibold tracking-tight text-zinc-900 tabular-nums" aria-label={`Average rating ${averageRating.toFixed(1)} of 5`}>
          {averageRating.toFixed(1)}
        </p>
        <StarRating value={Math.round(averageRating)} className="mt-1" />
        <p className="mt-1 text-xs text-zinc-500">{rated === 1 ? '1 rating' : `${rated.toLocaleString('en-US')} ratings`}</p>
      </div>
      <ol aria-label="Ratings by stars" className="min-w-0 flex-1 space-y-1">
        {STAR_NAMES.toReversed().map((name) => {
          const stars = STAR_NAMES.indexOf(name) + 1;
          const count = distribution[name];
          return (
            <li key={name} className="flex items-center gap-2 text-xs text-zinc-600" aria-label={`${stars} stars: ${count}`}>
              <span className="w-3 shrink-0 text-right tabular-nums" aria-hidden>
                {stars}
              </span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-zinc-100" aria-hidden>
                <span
                  className={stars <= 2 ? 'block h-full rounded-full bg-red-500' : 'block h-full rounded-full bg-amber-400'}
                  style={{ width: `${(count / most) * 100}%` }}
                />
              </span>
              <span className="w-8 shrink-0 text-right tabular-nums" aria-hidden>
                {count.toLocaleString('en-US')}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
