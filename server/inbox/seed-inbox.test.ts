import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCommandSchema } from '../admin/admin-command-schema';
import { runAdminCommand } from '../admin/commands';
import { outboxEvents } from '../db/schema/events';
import { sandboxAccount } from '../sandbox-platform/test-helpers';
import { createTestApp } from '../test/test-app';
import { inboxOrg } from './inbox-test-kit';
import { messagesUsed } from './messaging-quota';

const t = await createTestApp();

/** The operator CLI's `seed-inbox`, as the admin socket runs it. */
const seed = (args: Record<string, unknown>) => runAdminCommand(t.services.db, adminCommandSchema.parse({ command: 'seed-inbox', ...args }));

describe('the inbox seeding tool (operator CLI seed-inbox)', { timeout: 120_000 }, () => {
  it('writes thousands of readable conversations and one long thread in bulk, with no events and no quota', async () => {
    const org = await inboxOrg(t);
    const started = Date.now();
    const result = await seed({ org: org.organizationId, account: org.account.id, conversations: '2000', threadMessages: '120' });
    expect(result.json).toMatchObject({ conversations: 2000, messages: 2000 - 1 + 120, socialAccountId: org.account.id, teamId: org.teamId });
    expect(result.text).toMatch(/^Seeded 2000 conversations and 2119 messages/);
    expect(Date.now() - started).toBeLessThan(60_000);

    const first = (await org.conversations('&limit=100')).json;
    expect(first.total).toBe(2000);
    const newest = first.items[0];
    expect(newest.id).toBe(result.json.threadConversationId);
    expect(newest).toMatchObject({ lastMessagePreview: 'Thank you so much! (#120)', status: 'OPEN', platformData: { canReply: true } });
    // Every page walks on by cursor, newest activity first.
    let cursor = first.nextCursor as string | null;
    let seen = first.items.length;
    let previous = first.items.at(-1).lastActivityAt as string;
    while (cursor) {
      const page = (await org.conversations(`&limit=500&cursor=${cursor}`)).json;
      expect(page.items[0].lastActivityAt <= previous).toBe(true);
      previous = page.items.at(-1).lastActivityAt;
      seen += page.items.length;
      cursor = page.nextCursor;
    }
    expect(seen).toBe(2000);
    expect((await org.conversations('&unread=true&limit=1')).json.total).toBe(667);

    // The long thread: pages walk back in time, oldest first inside each page.
    const latest = await org.thread(newest.id, '');
    expect(latest.items.at(-1)).toMatchObject({ direction: 'OUTBOUND', status: 'DELIVERED', text: 'Thank you so much! (#120)' });
    expect(latest.items[0]).toMatchObject({ direction: 'INBOUND', status: 'DELIVERED', source: 'DM', text: 'Thanks, got it! (#21)' });
    const older = await org.thread(newest.id, `&cursor=${latest.nextCursor}`);
    expect(older.items).toHaveLength(20);
    expect(older.nextCursor).toBeNull();
    const other = await org.thread(first.items[1].id);
    expect(other.items).toHaveLength(1);

    const events = await t.services.db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.organizationId, org.organizationId), like(outboxEvents.type, 'conversation%')));
    expect(events).toHaveLength(0);
    expect(await messagesUsed(t.services.db, org.account.id)).toBe(0);

    // Run again: another set of people, nothing collides.
    await seed({ org: org.organizationId, account: org.account.id, conversations: '10' });
    expect((await org.conversations('&limit=1')).json.total).toBe(2010);
  });

  it('refuses accounts of another organization, accounts without an inbox and out-of-range counts', async () => {
    const org = await inboxOrg(t);
    const other = await t.createOrg('PRO', ['dms']);
    await expect(seed({ org: other.organizationId, account: org.account.id, conversations: '5' })).rejects.toMatchObject({ statusCode: 404 });
    const youtube = await sandboxAccount(t, org.key, { teamId: org.teamId, type: 'YOUTUBE', channelName: 'Bakery TV' });
    await expect(seed({ org: org.organizationId, account: youtube.id, conversations: '5' })).rejects.toMatchObject({ statusCode: 400 });
    expect(() => adminCommandSchema.parse({ command: 'seed-inbox', org: org.organizationId, account: org.account.id, conversations: '0' })).toThrow();
    expect(() => adminCommandSchema.parse({ command: 'seed-inbox', org: org.organizationId, account: org.account.id, conversations: '100001' })).toThrow();
    expect(() =>
      adminCommandSchema.parse({ command: 'seed-inbox', org: org.organizationId, account: org.account.id, conversations: '5', threadMessages: '10001' }),
    ).toThrow();
    expect((await org.conversations()).json.total).toBe(0);
  });
});
