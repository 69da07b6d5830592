import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { sandboxReviews, type SandboxReviewComment } from '../../db/schema/reviews';
import { digits } from '../platform-definition';
import type { SandboxProfile } from './world';

export type SandboxReview = typeof sandboxReviews.$inferSelect;

/** How long Google's moderation keeps an acceptable owner reply PENDING before it goes live. */
export const REPLY_MODERATION_MS = 4_000;
/** Reviews every sandbox location or page already has when it is first looked at. */
export const SEEDED_REVIEWS = 30;

const NAMES = [
  'Ava Martin',
  'Noah Okafor',
  'Mia Lindqvist',
  'Liam Tanaka',
  'Zoe Moreau',
  'Omar Silva',
  'Lena Novak',
  'Kai Haddad',
  'Nora Kowalski',
  'Ravi Brennan',
  'Sofia Rossi',
  'Jonas Chen',
  'Amara Martin',
  'Theo Silva',
  'Iris Tanaka',
  'Mateo Novak',
];
const COMMENTS: Record<number, string[]> = {
  5: [
    'Wonderful place, friendly staff and great coffee.',
    'Best brunch in town, we will be back!',
    'Quick service and lovely atmosphere.',
    'Absolutely loved it. Highly recommended.',
  ],
  4: ['Very good overall, a bit busy at lunch.', 'Tasty food, prices are fair.', 'Nice spot, the pastries are great.'],
  3: ['Decent, nothing special.', 'Okay experience, service was slow.', 'Average. Coffee was fine.'],
  2: ['Waited 30 minutes for a sandwich.', 'Table was dirty and staff seemed uninterested.'],
  1: ['Rude staff and cold food. Never again.', 'Charged twice and nobody helped me.'],
};
// The rating pattern of the seeded history: mostly good, with a few bad days, like real listings.
const RATINGS = [5, 4, 5, 2, 5, 3, 4, 5, 1, 5, 4, 4, 5, 3, 5, 2, 4, 5, 5, 3, 4, 1, 5, 4, 5, 5, 3, 4, 2, 5];
const DAY = 86_400_000;

/** A review's platform id: Google names them under the location; Facebook uses open-graph story ids. */
export function newReviewExternalId(platform: string, placeExternalId: string): string {
  return platform === 'FACEBOOK' ? `${placeExternalId}_${digits(16)}` : `${placeExternalId}/reviews/${newId()}`;
}

export function recommendationOf(rating: number | null): 'RECOMMEND' | 'NOT_RECOMMEND' {
  return rating !== null && rating <= 2 ? 'NOT_RECOMMEND' : 'RECOMMEND';
}

/**
 * The history a location or page has before the service ever looks: {@link SEEDED_REVIEWS} reviews
 * spread over about 17 months, some answered by the owner. Deterministic ids make this idempotent.
 */
export async function ensureSeededReviews(db: Executor, profile: SandboxProfile, placeExternalId: string): Promise<void> {
  const seedId = (index: number) => (profile.platform === 'FACEBOOK' ? `${placeExternalId}_seed${index}` : `${placeExternalId}/reviews/seed${index}`);
  const [first] = await db
    .select({ id: sandboxReviews.id })
    .from(sandboxReviews)
    .where(and(eq(sandboxReviews.profileId, profile.id), eq(sandboxReviews.externalId, seedId(0))));
  if (first) return;
  const now = Date.now();
  const rows = Array.from({ length: SEEDED_REVIEWS }, (_, index) => {
    const rating = RATINGS[index % RATINGS.length]!;
    const created = new Date(now - (index + 1) * 17 * DAY - (index % 7) * 3_600_000);
    const replied = rating >= 4 && index % 3 === 0;
    const texts = COMMENTS[rating]!;
    return {
      profileId: profile.id,
      platform: profile.platform,
      placeExternalId,
      externalId: seedId(index),
      reviewerExternalId: digits(21),
      reviewerName: NAMES[index % NAMES.length]!,
      rating: profile.platform === 'FACEBOOK' && index % 2 === 0 ? null : rating,
      recommendationValue: profile.platform === 'FACEBOOK' ? recommendationOf(rating) : null,
      comment: index % 5 === 4 ? null : texts[index % texts.length]!,
      hasMedia: index % 9 === 0,
      replyComment: replied ? 'Thank you for the kind words, see you soon!' : null,
      replyExternalId: replied ? digits(16) : null,
      replyUpdatedAt: replied ? new Date(created.getTime() + DAY) : null,
      replyState: replied ? 'APPROVED' : null,
      createTime: created,
      updateTime: created,
    };
  });
  await db.insert(sandboxReviews).values(rows).onConflictDoNothing();
}

type NewSandboxReview = { externalId?: string; rating: number | null; comment: string | null; reviewerName: string; createdAt?: Date };

/** Someone reviews the place (or edits their review) on the platform. */
export async function writeReview(
  db: Executor,
  params: NewSandboxReview & { profile: SandboxProfile; placeExternalId: string },
): Promise<{ review: SandboxReview; created: boolean }> {
  const platform = params.profile.platform;
  if (params.externalId) {
    const [edited] = await db
      .update(sandboxReviews)
      .set({
        rating: params.rating,
        recommendationValue: platform === 'FACEBOOK' ? recommendationOf(params.rating) : null,
        comment: params.comment,
        updateTime: new Date(),
      })
      .where(and(eq(sandboxReviews.profileId, params.profile.id), eq(sandboxReviews.externalId, params.externalId)))
      .returning();
    if (edited) return { review: edited, created: false };
  }
  const [review] = await insertReviews(db, params.profile, params.placeExternalId, [params]);
  return { review: review!, created: true };
}

/** Rows per INSERT: a location's whole history goes in a few statements, far below Postgres' parameter limit. */
const INSERT_CHUNK = 500;

/** People review the place, quietly (no webhook): new reviews written in a few statements. */
export async function insertReviews(db: Executor, profile: SandboxProfile, placeExternalId: string, items: NewSandboxReview[]): Promise<SandboxReview[]> {
  const platform = profile.platform;
  const rows = items.map((item) => {
    const at = item.createdAt ?? new Date();
    return {
      profileId: profile.id,
      platform,
      placeExternalId,
      externalId: item.externalId ?? newReviewExternalId(platform, placeExternalId),
      reviewerExternalId: digits(21),
      reviewerName: item.reviewerName,
      rating: item.rating,
      recommendationValue: platform === 'FACEBOOK' ? recommendationOf(item.rating) : null,
      comment: item.comment,
      createTime: at,
      updateTime: at,
    };
  });
  const inserted: SandboxReview[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    inserted.push(
      ...(await db
        .insert(sandboxReviews)
        .values(rows.slice(start, start + INSERT_CHUNK))
        .returning()),
    );
  }
  return inserted;
}

/** Someone comments under a Facebook recommendation (the story's thread). */
export async function addThreadComment(db: Executor, review: SandboxReview, comment: Omit<SandboxReviewComment, 'id' | 'createdAt' | 'likesCount'>) {
  const entry: SandboxReviewComment = {
    ...comment,
    id: `${review.externalId.split('_')[0]}_${digits(15)}`,
    likesCount: 0,
    createdAt: new Date().toISOString(),
  };
  await db
    .update(sandboxReviews)
    .set({ thread: sql`${sandboxReviews.thread} || ${JSON.stringify([entry])}::jsonb` })
    .where(eq(sandboxReviews.id, review.id));
  return entry;
}

const PROFANITY = ['damn', 'shit', 'fuck', 'crap', 'idiot', 'stupid', 'bastard'];

/**
 * Google's reply policy as the sandbox applies it: no contact details (phone numbers, links,
 * email addresses) and no offensive language. Returns the violation, or null when acceptable.
 */
export function replyPolicyViolation(comment: string): string | null {
  if (/(?:\+?\d[\d\s().-]{6,}\d)/.test(comment)) return 'CONTACT_INFORMATION: replies may not contain phone numbers';
  if (/\bhttps?:\/\/|\bwww\.|\b[\w.+-]+@[\w-]+\.[\w.]+|\b[\w-]+\.(?:com|net|org|io|co|biz|info)\b/i.test(comment)) {
    return 'CONTACT_INFORMATION: replies may not contain links or email addresses';
  }
  const words = comment.toLowerCase().split(/[^a-z]+/);
  if (words.some((word) => PROFANITY.includes(word))) return 'OFFENSIVE_CONTENT: replies may not contain profanity or insults';
  return null;
}
