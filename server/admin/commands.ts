import { asc } from 'drizzle-orm';
import { createApiKey, revokeApiKey } from '../api-keys/api-keys.service';
import { randomToken } from '../auth/secrets';
import type { Database } from '../db/client';
import { organizations } from '../db/schema/organizations';
import { addCredits } from '../billing/credits.service';
import { setAnalyticsSettings } from '../analytics/analytics-settings';
import { setReviewImportLimit } from '../reviews/review-quota';
import { seedInbox } from '../inbox/seed-inbox';
import { createOrganization, createUser, getOrganization, setFeature, setPlan } from '../organizations/organizations.service';
import type { AdminCommand, AdminResult } from './admin-command-schema';

export async function runAdminCommand(db: Database, command: AdminCommand): Promise<AdminResult> {
  switch (command.command) {
    case 'create-org': {
      const created = await createOrganization(db, {
        name: command.name,
        plan: command.plan,
        features: command.enable,
        teamName: command.teamName,
      });
      return {
        json: { organizationId: created.organization.id, teamId: created.team.id, apiKey: created.key },
        text: [
          `Organization ${created.organization.name} (${created.organization.id}), plan ${created.organization.plan}`,
          `Team         ${created.team.name} (${created.team.id})`,
          `API key      ${created.key}`,
          '             (shown once: store it now)',
        ].join('\n'),
      };
    }
    case 'set-plan': {
      const updated = await setPlan(db, command.org, command.plan);
      return { json: { organizationId: updated.id, plan: updated.plan }, text: `${updated.id} is now on ${updated.plan}` };
    }
    case 'enable':
    case 'disable': {
      const enabled = command.command === 'enable';
      for (const feature of command.features) await setFeature(db, command.org, feature, enabled);
      const updated = await getOrganization(db, command.org);
      return {
        json: { organizationId: updated.id, dms: updated.dmsEnabled, automations: updated.automationsEnabled, commentImport: updated.commentImportEnabled },
        text: `${updated.id}: DMs ${onOff(updated.dmsEnabled)}, automations ${onOff(updated.automationsEnabled)}, comment import ${onOff(updated.commentImportEnabled)}`,
      };
    }
    case 'create-api-key': {
      await getOrganization(db, command.org);
      const { apiKey, key } = await createApiKey(db, { organizationId: command.org, name: command.name, scopes: command.scopes });
      return {
        json: { id: apiKey.id, apiKey: key, scopes: apiKey.scopes },
        text: `API key ${apiKey.name} (${apiKey.id}), scopes ${apiKey.scopes.join(',')}\n${key}\n(shown once: store it now)`,
      };
    }
    case 'revoke-api-key': {
      const revoked = await revokeApiKey(db, { organizationId: command.org, id: command.id });
      return { json: { id: revoked.id, revokedAt: revoked.revokedAt?.toISOString() ?? null }, text: `Revoked ${revoked.id}` };
    }
    case 'create-user': {
      const password = command.password ?? randomToken(12);
      const user = await createUser(db, { organizationId: command.org, email: command.email, password, role: command.role });
      return {
        json: { id: user.id, email: user.email, ...(command.password ? {} : { password }) },
        text: `User ${user.email} (${user.id}), role ${user.role}${command.password ? '' : `\nPassword: ${password}`}`,
      };
    }
    case 'list-orgs': {
      const rows = await db.select().from(organizations).orderBy(asc(organizations.createdAt));
      return {
        json: { items: rows.map((o) => ({ id: o.id, name: o.name, plan: o.plan, dms: o.dmsEnabled, automations: o.automationsEnabled })) },
        text: rows.map((o) => `${o.id}  ${o.plan.padEnd(8)} ${o.name}`).join('\n') || 'No organizations yet',
      };
    }
    case 'analytics-settings': {
      const updated = await setAnalyticsSettings(db, command.org, {
        analyticsInterval: command.interval,
        analyticsPostsInterval: command.postsInterval,
        analyticsDisabled: command.accounts === undefined ? undefined : command.accounts === 'off',
        analyticsPostsDisabled: command.posts === undefined ? undefined : command.posts === 'off',
      });
      const json = {
        organizationId: updated.id,
        analyticsInterval: updated.analyticsInterval,
        analyticsPostsInterval: updated.analyticsPostsInterval,
        analyticsDisabled: updated.analyticsDisabled,
        analyticsPostsDisabled: updated.analyticsPostsDisabled,
      };
      const every = (value: number | null) => `every ${value ?? 24} h`;
      return {
        json,
        text: `${updated.id}: account analytics ${updated.analyticsDisabled ? 'off' : every(updated.analyticsInterval)}, post analytics ${updated.analyticsPostsDisabled ? 'off' : every(updated.analyticsPostsInterval)}`,
      };
    }
    case 'review-limits': {
      const result = await setReviewImportLimit(db, command.org, command.monthly);
      return {
        json: result,
        text: `${command.org}: ${result.monthlyLimitPerAccount} new reviews per account per month (${result.custom ? 'custom limit' : "the plan's limit"})`,
      };
    }
    case 'seed-inbox': {
      await getOrganization(db, command.org);
      const seeded = await seedInbox(db, {
        organizationId: command.org,
        socialAccountId: command.account,
        conversations: command.conversations,
        threadMessages: command.threadMessages,
      });
      return {
        json: seeded,
        text: `Seeded ${seeded.conversations} conversations and ${seeded.messages} messages on ${seeded.socialAccountId}${seeded.threadConversationId ? ` (long thread: ${seeded.threadConversationId})` : ''}`,
      };
    }
    case 'add-credits': {
      await getOrganization(db, command.org);
      const balance = await addCredits(db, { organizationId: command.org, amountMicros: Math.round(command.usd * 1_000_000), note: command.note });
      return {
        json: { organizationId: command.org, balanceMicros: balance.balanceMicros, availableMicros: balance.availableMicros },
        text: `${command.org}: prepaid credit balance is now ${formatUsd(balance.balanceMicros)}`,
      };
    }
  }
}

function formatUsd(micros: number) {
  return `$${(micros / 1_000_000).toFixed(2)}`;
}

function onOff(value: boolean) {
  return value ? 'enabled' : 'disabled';
}
