import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { organizations } from '../db/schema/organizations';
import { posts, postTargets } from '../db/schema/posts';
import { socialAccounts } from '../db/schema/social-accounts';
import { uploads } from '../db/schema/uploads';
import { BadRequestError } from '../http/errors';
import { platformOf } from '../platforms/registry';
import { CONVERSATION_TRIGGERS, FLOW_LIMITS, type PlatformScope } from './shared/automation-constants';
import type { FlowDefinition } from './shared/flow-definition';
import { MISSING_ACCOUNT, MISSING_POST, stepFitProblems, triggerFitProblems } from './shared/flow-fit';
import { formatProblems, type FlowProblem } from './shared/flow-problems';

/*
 * The second validation stage: everything the shape cannot tell, read from the database. Every
 * problem is collected (not only the first), so one answer lists all there is to fix.
 */

type Scope = { organizationId: string; teamId: string };
type Step = FlowDefinition['steps'][number];

type AccountRow = typeof socialAccounts.$inferSelect;

/** The account the trigger listens on: in the team, of the trigger's platform, with the permissions the flow needs. */
async function accountProblems(db: Executor, scope: Scope, definition: FlowDefinition): Promise<{ problems: FlowProblem[]; account: AccountRow | null }> {
  const { trigger, steps } = definition;
  const where = 'trigger.socialAccountId';
  if (!trigger.socialAccountId) return { problems: [MISSING_ACCOUNT], account: null };
  const [account] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.organizationId, scope.organizationId), eq(socialAccounts.id, trigger.socialAccountId), isNull(socialAccounts.deletedAt)));
  if (!account || account.teamId !== scope.teamId) {
    return { problems: [{ where, message: `social account ${trigger.socialAccountId} was not found in this team` }], account: null };
  }
  if (account.type !== trigger.platform) {
    return { problems: [{ where, message: `social account ${account.id} is on ${account.type}, not ${trigger.platform}` }], account: null };
  }
  const label = platformOf(account.type).label;
  const name = account.username ? `${label} account @${account.username}` : `${label} account ${account.id}`;
  const problems: FlowProblem[] = [];
  if (!account.externalId) problems.push({ where, message: `no page or account is selected for the ${name}: select one first` });
  // Where the platform has no DMs at all (TikTok), the support table already says so.
  const needsMessaging =
    platformOf(account.type).supports.messaging &&
    (CONVERSATION_TRIGGERS.includes(trigger.type) || steps.some((step) => step.type === 'SEND_PRIVATE_REPLY' || step.type === 'SEND_MESSAGE'));
  if (needsMessaging && !account.permissions.includes('messaging')) {
    problems.push({ where, message: `the ${name} lacks messaging permissions: it must be reconnected with messaging permissions (withMessagingScope: true)` });
  }
  if (trigger.type === 'COMMENT_CREATED' && !account.permissions.includes('comments')) {
    const what = trigger.platform === 'TIKTOK' ? 'comment-management permissions' : 'comment permissions';
    problems.push({ where, message: `the ${name} lacks ${what}: reconnect it and grant them` });
  }
  return { problems, account };
}

/** A comment flow points at one post the service published on the trigger's account. */
async function postProblems(db: Executor, scope: Scope, definition: FlowDefinition, account: AccountRow | null): Promise<FlowProblem[]> {
  const { trigger } = definition;
  if (trigger.type !== 'COMMENT_CREATED') return [];
  const where = 'trigger.postId';
  if (!trigger.postId) return [MISSING_POST];
  const [post] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.organizationId, scope.organizationId), eq(posts.teamId, scope.teamId), eq(posts.id, trigger.postId), isNull(posts.deletedAt)));
  if (!post || post.status === 'DELETED') return [{ where, message: `post ${trigger.postId} was not found in this team` }];
  if (!account) return [];
  const [target] = await db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.postId, post.id), eq(postTargets.platform, trigger.platform), eq(postTargets.socialAccountId, account.id)));
  if (!target || target.deletedAt) return [{ where, message: `post ${post.id} was not published through the service on this ${trigger.platform} account` }];
  if (target.status !== 'POSTED' || !target.externalData?.id) {
    return [{ where, message: `post ${post.id} is not published on ${trigger.platform} yet (${target.status}): comment flows work only on published posts` }];
  }
  return [];
}

/** Attachments and card images: uploads of this team (or of the whole organization), of the right kind and size. */
async function uploadProblems(db: Executor, scope: Scope, steps: Step[]): Promise<FlowProblem[]> {
  const wanted: { stepId: string; uploadId: string; kind: 'image' | 'video'; what: string }[] = [];
  for (const step of steps) {
    if (step.type !== 'SEND_MESSAGE') continue;
    for (const attachment of step.message.attachments ?? []) {
      wanted.push({
        stepId: step.id,
        uploadId: attachment.uploadId,
        kind: attachment.type === 'VIDEO' ? 'video' : 'image',
        what: `the ${attachment.type.toLowerCase()} attachment`,
      });
    }
    for (const card of step.message.carousel?.cards ?? []) {
      if (card.imageUploadId) wanted.push({ stepId: step.id, uploadId: card.imageUploadId, kind: 'image', what: `the image of card "${card.title}"` });
    }
  }
  if (wanted.length === 0) return [];
  const rows = await db
    .select()
    .from(uploads)
    .where(
      and(eq(uploads.organizationId, scope.organizationId), inArray(uploads.id, [...new Set(wanted.map((item) => item.uploadId))]), isNull(uploads.deletedAt)),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap(({ stepId, uploadId, kind, what }) => {
    const where = `steps.${stepId}`;
    const upload = byId.get(uploadId);
    if (!upload || (upload.teamId && upload.teamId !== scope.teamId)) return [{ where, message: `upload ${uploadId} for ${what} was not found in this team` }];
    const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);
    if (upload.type !== kind) return [{ where, message: `upload ${uploadId} for ${what} is ${article(upload.type)}, not ${article(kind)}` }];
    if (upload.fileSize > FLOW_LIMITS.attachmentBytes) return [{ where, message: `upload ${uploadId} for ${what} is over 24 MB` }];
    return [];
  });
}

/** Every problem of a shape-valid definition, in the order trigger, steps. */
export async function flowProblems(db: Executor, scope: Scope, input: { platformScope: PlatformScope; definition: FlowDefinition }): Promise<FlowProblem[]> {
  const { trigger } = input.definition;
  const problems: FlowProblem[] = triggerFitProblems(input.platformScope, trigger);
  if (trigger.platform === 'TIKTOK' && trigger.type === 'COMMENT_CREATED') {
    const [organization] = await db.select({ on: organizations.commentImportEnabled }).from(organizations).where(eq(organizations.id, scope.organizationId));
    if (!organization?.on)
      problems.push({ where: 'trigger.platform', message: 'TikTok comment flows need comment import, which is off for this organization' });
  }
  const { problems: accountIssues, account } = await accountProblems(db, scope, input.definition);
  problems.push(...accountIssues);
  problems.push(...(await postProblems(db, scope, input.definition, account)));
  problems.push(...stepFitProblems(input.definition));
  problems.push(...(await uploadProblems(db, scope, input.definition.steps)));
  return problems;
}

/** Throws the spec's one 400 with every problem joined by `; `. */
export async function assertValidFlow(db: Executor, scope: Scope, input: { platformScope: PlatformScope; definition: FlowDefinition }): Promise<void> {
  const problems = await flowProblems(db, scope, input);
  if (problems.length > 0) throw new BadRequestError(formatProblems(problems));
}
