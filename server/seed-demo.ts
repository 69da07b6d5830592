import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { enableMessaging } from './accounts/messaging.service';
import { sweepDueAnalytics } from './analytics/background-refresh';
import { randomToken } from './auth/secrets';
import type { Database } from './db/client';
import { organizations } from './db/schema/organizations';
import { posts, postTargets } from './db/schema/posts';
import { sandboxItems, sandboxProfiles } from './db/schema/sandbox';
import { createOrganization, createUser } from './organizations/organizations.service';
import { platformOf } from './platforms/registry';
import type { SocialAccountType } from './platforms/platform-types';
import { createPost } from './posts/posts.service';
import { CreatePostBody } from './posts/posts.schemas';
import { addFault, connectSandboxAccount, emitComment, emitMessage, emitPostback, listSandboxItems } from './sandbox-platform/sandbox.service';
import { conversations } from './db/schema/inbox';
import { dispatchInboundEvent } from './ingest/dispatch-inbound-event';
import { setConversationStatus } from './inbox/conversations.service';
import { readConversation, sendMessage } from './inbox/send.service';
import type { AppServices } from './services';
import { uploadDemoPictures } from './seed-demo-media';
import { seedDemoHistory } from './post-history/seed-demo-history';
import { seedDemoCsvImport } from './post-csv-import/seed-demo-csv-import';
import { seedDemoReviews } from './reviews/seed-demo-reviews';
import { seedDemoAutomations } from './automations/seed-demo-automations';

export const DEMO_EMAIL = 'demo@example.com';

/**
 * How long the first start waits for the worker to publish the demo's past posts before it gives
 * up on their comments. Two seconds on a quiet machine; a busy one (a CI machine running three
 * suites at once took over 20 s) still gets a living demo rather than one without comments.
 */
const PUBLISH_WAIT_MS = 90_000;

type Scope = { organizationId: string; teamId: string };

/**
 * First start only: a demo organization to log in to, with a one-time API key, and a living
 * sandbox world in it (accounts, uploads, published, scheduled and failed posts, comments, DMs).
 */
export async function seedDemoIfEmpty(services: AppServices) {
  // Several instances may start at once on one Postgres: only one of them creates the organization,
  // and only that one fills it (after the commit, so the worker and the ingest path see the rows).
  const created = await services.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727412002)`);
    const [existing] = await tx.select({ value: count() }).from(organizations);
    if ((existing?.value ?? 0) > 0) return null;
    return seedOrganization(tx as unknown as Database);
  });
  if (!created) return null;
  const scope = { organizationId: created.organization.id, teamId: created.team.id };
  const started = Date.now();
  // The start prints nothing else until this is done: say why it takes a moment.
  services.logger.info('first start: filling the demo organization with sandbox accounts, posts, reviews and conversations');
  try {
    await seedDemoWorld(services, scope);
    services.logger.info('demo content created', { ms: Date.now() - started });
  } catch (error) {
    // The organization, its login and key are there; a demo with less in it is still usable.
    services.logger.warn('the demo content was not fully created', { error: error instanceof Error ? error.message : String(error) });
  }
  return created;
}

async function seedOrganization(db: Database) {
  const created = await createOrganization(db, {
    name: 'Demo organization',
    plan: 'PRO',
    features: ['dms', 'automations'],
    teamName: 'Demo team',
    apiKeyName: 'Demo key',
  });
  const password = randomToken(12);
  await createUser(db, { organizationId: created.organization.id, email: DEMO_EMAIL, password, role: 'ADMIN', firstName: 'Demo' });
  return { ...created, email: DEMO_EMAIL, password };
}

function daysFromNow(days: number, hourUtc: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date.toISOString();
}

async function seedDemoWorld(services: AppServices, scope: Scope) {
  const accounts = await connectDemoAccounts(services, scope);
  // The location's reviews and the page's recommendations, imported: the review list has a history.
  await seedDemoReviews(services, scope);
  // Months of Instagram and YouTube posts from before connecting; Instagram's newest are imported.
  await seedDemoHistory(services, scope, accounts);
  const pictures = await uploadDemoPictures(services, scope);
  // X refuses the next post, as it does for a repeated tweet: the failed post shows the retry flow.
  await addFault(services, {
    organizationId: scope.organizationId,
    type: 'TWITTER',
    socialAccountId: accounts.TWITTER.id,
    operation: 'publishing.publish',
    kind: 'PERMANENT',
    count: 1,
    message: 'Status is a duplicate. (code 187)',
  });

  const post = (input: { title: string; postDate: string; platforms: string[]; data: Record<string, unknown> }) =>
    createPost(
      services,
      scope,
      CreatePostBody.parse({ teamId: scope.teamId, title: input.title, postDate: input.postDate, socialAccountTypes: input.platforms, data: input.data }),
    );

  // In the past: the worker publishes them at once, through the sandbox connectors.
  const autumn = await post({
    title: 'Autumn blend launch',
    postDate: daysFromNow(-3, 9),
    platforms: ['INSTAGRAM', 'FACEBOOK'],
    data: {
      INSTAGRAM: { text: 'Our autumn blend is here 🍂 Caramel, fig and a hint of cocoa. In store and online today.', uploadIds: [pictures['autumn-blend'].id] },
      FACEBOOK: { text: 'Our autumn blend is here: caramel, fig and a hint of cocoa. In store and online today.', uploadIds: [pictures['autumn-blend'].id] },
    },
  });
  const roastery = await post({
    title: 'Behind the roaster',
    postDate: daysFromNow(-2, 14),
    platforms: ['LINKEDIN', 'BLUESKY', 'MASTODON'],
    data: {
      LINKEDIN: {
        text: 'We roast every batch by hand. This week we profiled batch 214 to bring out the fruit in our Ethiopian beans.',
        uploadIds: [pictures.roastery.id],
      },
      BLUESKY: { text: 'Batch 214 is out of the roaster. Ethiopian, washed, very jammy.', uploadIds: [pictures.roastery.id] },
      MASTODON: { text: 'Batch 214 is out of the roaster. Ethiopian, washed, very jammy. #coffee', uploadIds: [pictures.roastery.id] },
    },
  });
  const latte = await post({
    title: 'Latte art Friday',
    postDate: daysFromNow(-1, 16),
    platforms: ['INSTAGRAM', 'TIKTOK'],
    data: {
      INSTAGRAM: { text: 'Latte art Friday ☕ Tag us in your best rosetta!', uploadIds: [pictures['latte-art'].id] },
      TIKTOK: { type: 'IMAGE', text: 'Latte art Friday: tag us in your best rosetta', uploadIds: [pictures['latte-art'].id] },
    },
  });
  const hours = await post({
    title: 'Weekend opening hours',
    postDate: new Date(Date.now() - 30 * 60_000).toISOString(),
    platforms: ['TWITTER', 'MASTODON'],
    data: {
      TWITTER: { text: 'This weekend we open at 8 and close at 18. See you at the counter!' },
      MASTODON: { text: 'This weekend we open at 8 and close at 18. See you at the counter!' },
    },
  });

  // The coming week, so the calendar has something in it.
  await post({
    title: 'Cupping session invite',
    postDate: daysFromNow(1, 10),
    platforms: ['INSTAGRAM', 'FACEBOOK'],
    data: {
      INSTAGRAM: { text: 'Free cupping session this Saturday at 11. Taste three single origins side by side.', uploadIds: [pictures.roastery.id] },
      FACEBOOK: { text: 'Free cupping session this Saturday at 11. Taste three single origins side by side.' },
    },
  });
  await post({
    title: 'Hiring: barista',
    postDate: daysFromNow(2, 8),
    platforms: ['LINKEDIN'],
    data: { LINKEDIN: { text: 'We are hiring a barista for our riverside shop. Full time, training included. Apply by replying here.' } },
  });
  await post({
    title: 'Brewing tip: water',
    postDate: daysFromNow(3, 15),
    platforms: ['TWITTER', 'BLUESKY', 'MASTODON'],
    data: {
      TWITTER: { text: 'Brewing tip: water just off the boil (about 94 °C) keeps pour-over sweet, not bitter.' },
      BLUESKY: { text: 'Brewing tip: water just off the boil (about 94 °C) keeps pour-over sweet, not bitter.' },
      MASTODON: { text: 'Brewing tip: water just off the boil (about 94 °C) keeps pour-over sweet, not bitter.' },
    },
  });
  await post({
    title: 'Rosetta tutorial',
    postDate: daysFromNow(5, 17),
    platforms: ['TIKTOK', 'INSTAGRAM'],
    data: {
      TIKTOK: { type: 'IMAGE', text: 'Rosetta in four steps', uploadIds: [pictures['latte-art'].id] },
      INSTAGRAM: { text: 'Rosetta in four steps: swipe through ☕', uploadIds: [pictures['latte-art'].id] },
    },
  });
  await post({
    title: 'Autumn blend: last week',
    postDate: daysFromNow(6, 9),
    platforms: ['FACEBOOK', 'INSTAGRAM'],
    data: {
      FACEBOOK: { text: 'Last week for the autumn blend. Grab a bag before it is gone.', uploadIds: [pictures['autumn-blend'].id] },
      INSTAGRAM: { text: 'Last week for the autumn blend 🍂', uploadIds: [pictures['autumn-blend'].id] },
    },
  });

  // DMs need no published post: they can arrive while the worker publishes.
  await seedDemoInbox(services, scope, accounts);
  // After the inbox: the flow answers only the DM asked for it, not the threads above.
  await seedDemoAutomations(services, scope, accounts.INSTAGRAM.id);
  // A finished CSV import of a planning sheet, one row refused: the import page has a history.
  await seedDemoCsvImport(services, scope);

  const published = await waitForPublishing(services, [autumn.id, roastery.id, latte.id, hours.id]);
  if (!published) {
    services.logger.warn('the demo posts were not published in time: their comments are left out');
    return;
  }
  await backdate(services, scope, [autumn, roastery, latte]);
  await commentOn(services, scope, autumn.id, 'INSTAGRAM', [
    { authorName: 'Priya Raman', text: 'Picked up a bag this morning, the fig notes are amazing!' },
    { authorName: 'Lucas Moreau', text: 'Is it good as espresso or better for filter?' },
  ]);
  await commentOn(services, scope, autumn.id, 'FACEBOOK', [{ authorName: 'Hannah Weber', text: 'Will it be in the Saturday market stall too?' }]);
  await commentOn(services, scope, latte.id, 'INSTAGRAM', [{ authorName: 'Diego Alvarez', text: 'Challenge accepted ☕ posting mine tomorrow' }]);
  // A first analytics snapshot of every account and published post now, not at the next sweep.
  await sweepDueAnalytics(services);
}

async function connectDemoAccounts(services: AppServices, scope: Scope) {
  const connect = (type: SocialAccountType, username: string, extra: { grantMessaging?: boolean; channelName?: string } = {}) =>
    connectSandboxAccount(services, { ...scope, type, username, ...extra });
  const accounts = {
    INSTAGRAM: await connect('INSTAGRAM', 'northwind.coffee', { grantMessaging: true }),
    FACEBOOK: await connect('FACEBOOK', 'northwindcoffee', { channelName: 'Northwind Coffee', grantMessaging: true }),
    YOUTUBE: await connect('YOUTUBE', 'northwindcoffee', { channelName: 'Northwind Coffee' }),
    LINKEDIN: await connect('LINKEDIN', 'northwind-coffee', { channelName: 'Northwind Coffee Roasters' }),
    TWITTER: await connect('TWITTER', 'northwindcoffee'),
    BLUESKY: await connect('BLUESKY', 'northwind.coffee'),
    MASTODON: await connect('MASTODON', 'northwindcoffee'),
    TIKTOK: await connect('TIKTOK', 'northwind.coffee'),
    GOOGLE_BUSINESS: await connect('GOOGLE_BUSINESS', 'northwindcoffee', { channelName: 'Northwind Coffee Market Street' }),
  };
  // DMs are collected once messaging is on for the account, as a person would switch it on.
  accounts.INSTAGRAM = await enableMessaging(services, { ...scope, type: 'INSTAGRAM' });
  accounts.FACEBOOK = await enableMessaging(services, { ...scope, type: 'FACEBOOK' });
  return accounts;
}

/**
 * An inbox with a few threads: an Instagram question answered with quick replies and a tap back
 * (unread), one read, and an archived Facebook thread. Events are consumed at once, not by the worker.
 */
async function seedDemoInbox(services: AppServices, scope: Scope, accounts: { INSTAGRAM: { id: string }; FACEBOOK: { id: string } }) {
  const consumed = async (rows: Promise<{ id: string }[]>) => {
    for (const row of await rows) await dispatchInboundEvent(services, row.id);
  };
  const threadWith = async (socialAccountId: string, participantId: string) => {
    const [row] = await services.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.socialAccountId, socialAccountId), eq(conversations.externalParticipantId, participantId)));
    return row!;
  };
  const instagram = { organizationId: scope.organizationId, socialAccountId: accounts.INSTAGRAM.id };
  const facebook = { organizationId: scope.organizationId, socialAccountId: accounts.FACEBOOK.id };
  const maya = { senderId: '17841400000000001', senderName: 'Maya Okafor' };
  await consumed(emitMessage(services, { ...instagram, ...maya, text: 'Hi! Do you ship the autumn blend to Canada?' }));
  const mayaThread = await threadWith(accounts.INSTAGRAM.id, maya.senderId);
  await sendMessage(
    services,
    { organizationId: scope.organizationId, id: mayaThread.id },
    {
      content: {
        text: 'We do! Shipping to Canada takes 5–7 days. Want the whole beans or ground?',
        quickReplies: [
          { label: 'Whole beans', payload: 'GRIND_WHOLE' },
          { label: 'Ground for filter', payload: 'GRIND_FILTER' },
        ],
      },
    },
  );
  await consumed(emitPostback(services, { ...instagram, ...maya, kind: 'QUICK_REPLY', payload: 'GRIND_WHOLE', title: 'Whole beans' }));

  const tom = { senderId: '17841400000000002', senderName: 'Tom Lindqvist' };
  await consumed(emitMessage(services, { ...instagram, ...tom, text: 'Is the cupping session on Saturday free for groups of four?' }));
  await readConversation(services, { organizationId: scope.organizationId, id: (await threadWith(accounts.INSTAGRAM.id, tom.senderId)).id }, {});

  const hannah = { senderId: '100000000000003', senderName: 'Hannah Weber' };
  await consumed(emitMessage(services, { ...facebook, ...hannah, text: 'Do you have oat milk at the market stall?' }));
  await consumed(emitMessage(services, { ...facebook, ...hannah, text: 'Never mind, found it. Thanks!' }));
  const hannahThread = await threadWith(accounts.FACEBOOK.id, hannah.senderId);
  await readConversation(services, { organizationId: scope.organizationId, id: hannahThread.id }, {});
  await setConversationStatus(services.db, { organizationId: scope.organizationId, id: hannahThread.id, status: 'ARCHIVED' });
}

/** Waits until the worker is done with the posts (POSTED or ERROR); false if it takes too long. */
async function waitForPublishing(services: AppServices, ids: string[]): Promise<boolean> {
  const deadline = Date.now() + PUBLISH_WAIT_MS;
  while (Date.now() < deadline) {
    const [pending] = await services.db
      .select({ value: count() })
      .from(posts)
      .where(and(inArray(posts.id, ids), sql`${posts.status} not in ('POSTED', 'ERROR')`));
    if ((pending?.value ?? 0) === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * The demo's history: its past posts went out on their dates, not during this start, on our side
 * and on the sandbox platforms (whose numbers grow with an item's age, so analytics look lived-in).
 */
async function backdate(services: AppServices, scope: Scope, rows: { id: string; postDate: Date }[]) {
  for (const row of rows) {
    await services.db.update(posts).set({ postedDate: row.postDate }).where(eq(posts.id, row.id));
    const targets = await services.db
      .update(postTargets)
      .set({ publishedAt: row.postDate })
      .where(eq(postTargets.postId, row.id))
      .returning({ externalData: postTargets.externalData });
    const externalIds = targets.flatMap((target) => (target.externalData?.id ? [target.externalData.id] : []));
    if (externalIds.length === 0) continue;
    await services.db
      .update(sandboxItems)
      .set({ createdAt: row.postDate })
      .where(
        and(
          inArray(sandboxItems.externalId, externalIds),
          inArray(
            sandboxItems.profileId,
            services.db.select({ id: sandboxProfiles.id }).from(sandboxProfiles).where(eq(sandboxProfiles.organizationId, scope.organizationId)),
          ),
        ),
      );
  }
}

/** Comments from people on the platform item a post became, through the sandbox's ingest path. */
async function commentOn(services: AppServices, scope: Scope, postId: string, platform: SocialAccountType, comments: { authorName: string; text: string }[]) {
  if (!platformOf(platform).supports.comments) return;
  const [target] = await services.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.postId, postId), eq(postTargets.platform, platform), eq(postTargets.status, 'POSTED')));
  if (!target?.socialAccountId || !target.externalData?.id) return;
  const ref = { organizationId: scope.organizationId, socialAccountId: target.socialAccountId };
  const { items } = await listSandboxItems(services, { ...ref, kind: 'POST', offset: 0, limit: 50 });
  const item = items.find((candidate) => candidate.externalId === target.externalData!.id);
  if (!item) return;
  for (const comment of comments) await emitComment(services, { ...ref, itemId: item.id, ...comment });
}
