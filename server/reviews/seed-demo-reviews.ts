import type { AppServices } from '../services';
import { failReviewImportAfterRetries, runReviewImport, startReviewImport } from './review-imports.service';
import { listReviews, replyToReview } from './reviews.service';
import { ReviewListQuery } from './reviews.schemas';
import type { ReviewPlatform } from './shared/review-constants';

type Scope = { organizationId: string; teamId: string };

/**
 * The demo's reviews: the newest 15 of the location's sandbox history (a 1-star and a 2-star
 * among them without a reply, a few answered), one reply Google rejected for a phone number, one
 * still in moderation; and four recommendations of the Facebook page.
 */
export async function seedDemoReviews(services: AppServices, scope: Scope) {
  await importNow(services, scope, 'GOOGLE_BUSINESS', 15);
  await importNow(services, scope, 'FACEBOOK', 4);
  const { rows } = await listReviews(
    services.db,
    { organizationId: scope.organizationId, platform: 'GOOGLE_BUSINESS' },
    ReviewListQuery.parse({ teamId: scope.teamId, limit: 100 }),
  );
  const reply = (id: string, comment: string) => replyToReview(services, { ...scope, platform: 'GOOGLE_BUSINESS', id, comment });
  const middling = rows.find((row) => row.rating === 3 && !row.replyComment);
  if (middling) await reply(middling.id, 'Sorry to hear that! Please call us at 555 010 2233 so we can make it right.');
  const good = rows.find((row) => row.rating === 4 && !row.replyComment);
  if (good) await reply(good.id, 'Thank you, we are glad you enjoyed it. See you soon!');
}

/** Starts the import as the API would, and runs it here so the first start shows it done. */
async function importNow(services: AppServices, scope: Scope, platform: ReviewPlatform, count: number) {
  const run = await startReviewImport(services, { organizationId: scope.organizationId, platform }, { teamId: scope.teamId, count }, { enqueue: false });
  try {
    await runReviewImport(services, run.id);
  } catch (error) {
    // No queue retries a run started here: it is the last attempt.
    await failReviewImportAfterRetries(services.db, run.id, error);
    throw error;
  }
}
