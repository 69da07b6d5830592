import type { AppServices } from '../services';
import { failReviewImportAfterRetries, runReviewImport, startReviewImport } from './review-imports.service';
import { createReplyTemplate } from './reply-templates.service';
import { listReviews, replyToReview } from './reviews.service';
import { ReviewListQuery } from './reviews.schemas';
import type { ReviewPlatform } from './shared/review-constants';

type Scope = { organizationId: string; teamId: string };

/**
 * The demo's reviews: the newest 15 of the location's sandbox history (a 1-star and a 2-star
 * among them without a reply, a few answered), one reply Google rejected for a phone number, one
 * still in moderation; four recommendations of the Facebook page; and the team's reply templates.
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
  for (const template of DEMO_REPLY_TEMPLATES) await createReplyTemplate(services.db, scope, { teamId: scope.teamId, ...template });
}

const DEMO_REPLY_TEMPLATES = [
  { name: 'Thank you', text: 'Thank you for the kind words! We are glad you enjoyed your visit and hope to see you again soon.' },
  {
    name: 'Sorry, let us fix it',
    text: 'We are sorry your visit fell short. Please write to hello@example.com with the day you came in, so we can make it right.',
  },
  { name: 'Opening hours', text: 'Thanks for your review! We are open every day from 7:00 to 18:00, and until 20:00 on Fridays.' },
];

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
