import type { AppServices } from '../services';
import { seedSandboxHistory } from '../sandbox-platform/sandbox.service';
import { createPostHistoryImport, runPostHistoryImport } from './post-history.service';
import { CreatePostHistoryImportBody } from './post-history.schemas';

type Scope = { organizationId: string; teamId: string };

/** How much past the demo accounts have on their platform, and how much of Instagram's is already imported. */
export const DEMO_HISTORY = { INSTAGRAM: { posts: 36, months: 6, imported: 24 }, YOUTUBE: { posts: 18, months: 6 } } as const;

/**
 * The demo's post history: Instagram and YouTube have months of posts made before they were
 * connected; Instagram's newest 24 are imported with their analytics (the history view is not
 * empty), YouTube's are left for the newcomer to import.
 */
export async function seedDemoHistory(services: AppServices, scope: Scope, accounts: { INSTAGRAM: { id: string }; YOUTUBE: { id: string } }) {
  for (const type of ['INSTAGRAM', 'YOUTUBE'] as const) {
    await seedSandboxHistory(services, {
      organizationId: scope.organizationId,
      socialAccountId: accounts[type].id,
      count: DEMO_HISTORY[type].posts,
      months: DEMO_HISTORY[type].months,
    });
  }
  // Started as the API would, and run here so the first start shows it done.
  const body = CreatePostHistoryImportBody.parse({
    teamId: scope.teamId,
    socialAccountType: 'INSTAGRAM',
    count: DEMO_HISTORY.INSTAGRAM.imported,
    withAnalytics: true,
  });
  const run = await createPostHistoryImport(services, scope, body, { enqueue: false });
  await runPostHistoryImport(services, run.id);
}
