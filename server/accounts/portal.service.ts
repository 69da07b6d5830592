import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { sandboxPortals } from '../db/schema/sandbox';
import { socialAccounts } from '../db/schema/social-accounts';
import { randomToken } from '../auth/secrets';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import { newConnectionMode } from './credentials';
import type { SocialAccountType } from '../platforms/platform-types';

export type Portal = typeof sandboxPortals.$inferSelect;

export type CreatePortalInput = {
  organizationId: string;
  teamId: string;
  socialAccountTypes: SocialAccountType[];
  redirectUrl?: string;
  withMessagingScope?: boolean;
  expiresIn?: number;
  maxSocialAccountsConnected?: number;
  settings: Record<string, unknown>;
};

/** A hosted page where someone without an API key connects several platforms to one team. */
export async function createPortal(services: AppServices, input: CreatePortalInput): Promise<{ url: string; portal: Portal }> {
  await getTeam(services.db, { organizationId: input.organizationId, id: input.teamId });
  for (const type of input.socialAccountTypes) newConnectionMode(services, type);
  const [portal] = await services.db
    .insert(sandboxPortals)
    .values({
      id: randomToken(24),
      organizationId: input.organizationId,
      teamId: input.teamId,
      platforms: [...new Set(input.socialAccountTypes)],
      redirectUrl: input.redirectUrl ?? null,
      withMessagingScope: input.withMessagingScope ? 'true' : 'false',
      settings: input.settings,
      maxAccounts: input.maxSocialAccountsConnected ?? null,
      expiresAt: new Date(Date.now() + (input.expiresIn ?? 60) * 60_000),
    })
    .returning();
  return { url: portalUrl(services.config.publicUrl, portal!.id), portal: portal! };
}

export function portalUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/portal/${id}`;
}

export async function findPortal(db: Executor, id: string): Promise<Portal | null> {
  const [portal] = await db.select().from(sandboxPortals).where(eq(sandboxPortals.id, id));
  if (!portal || portal.expiresAt.getTime() <= Date.now()) return null;
  return portal;
}

/** The team's live accounts among the portal's platforms. */
export async function portalAccounts(db: Executor, portal: Portal) {
  return db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.organizationId, portal.organizationId),
        eq(socialAccounts.teamId, portal.teamId),
        inArray(socialAccounts.type, portal.platforms),
        isNull(socialAccounts.deletedAt),
      ),
    );
}

/** What a portal link chose for the connects it starts, each for the platform it concerns. */
export function portalConnectChoices(settings: unknown, type: SocialAccountType) {
  const chosen = (settings ?? {}) as {
    withBusinessScope?: boolean;
    serverUrl?: string;
    instagramConnectionMethod?: 'FACEBOOK' | 'INSTAGRAM';
    tiktokForceLogin?: boolean;
  };
  return {
    withBusinessScope: chosen.withBusinessScope,
    ...(type === 'MASTODON' && chosen.serverUrl ? { serverUrl: chosen.serverUrl } : {}),
    ...(type === 'INSTAGRAM' && chosen.instagramConnectionMethod ? { instagramConnectionMethod: chosen.instagramConnectionMethod } : {}),
    ...(type === 'TIKTOK' && chosen.tiktokForceLogin ? { tiktokForceLogin: true } : {}),
  };
}
