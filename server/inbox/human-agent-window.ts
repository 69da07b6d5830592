import { inArray } from 'drizzle-orm';
import { connectorOf } from '../accounts/credentials';
import { socialAccounts } from '../db/schema/social-accounts';
import type { AppServices } from '../services';
import type { toConversationDto } from './inbox-dto';

type ConversationDto = ReturnType<typeof toConversationDto>;
export type ConversationWithWindow = ConversationDto & {
  platformData: ConversationDto['platformData'] & { humanAgentReplyUntil: string | null };
};

/**
 * Adds `platformData.humanAgentReplyUntil` to conversations the routes answer with (decision 090):
 * until when a person may still answer with the platform's human-agent tag, after the 24-hour
 * window (Meta's HUMAN_AGENT, where the operator turned `META_HUMAN_AGENT` on: decision 079). Null
 * where the account's connector offers no such window (the sandbox, Meta without the setting) or
 * nobody wrote yet. It depends on the service's settings, not on the stored conversation, so it is
 * added here rather than stored; the send route checks the same window (`send.service.ts`).
 */
export async function withHumanAgentWindow(services: Pick<AppServices, 'db' | 'config'>, dtos: ConversationDto[]): Promise<ConversationWithWindow[]> {
  const ids = [...new Set(dtos.map((dto) => dto.socialAccountId))];
  const accounts = ids.length
    ? await services.db
        .select({ id: socialAccounts.id, type: socialAccounts.type, mode: socialAccounts.mode })
        .from(socialAccounts)
        .where(inArray(socialAccounts.id, ids))
    : [];
  const windows = new Map(accounts.map((account) => [account.id, windowOf(services, account)]));
  return dtos.map((dto) => {
    const windowMs = windows.get(dto.socialAccountId);
    const { lastInboundAt, canReply } = dto.platformData;
    const until = windowMs && canReply && lastInboundAt ? new Date(Date.parse(lastInboundAt) + windowMs).toISOString() : null;
    return { ...dto, platformData: { ...dto.platformData, humanAgentReplyUntil: until } };
  });
}

export async function withHumanAgentWindowOne(services: Pick<AppServices, 'db' | 'config'>, dto: ConversationDto): Promise<ConversationWithWindow> {
  const [one] = await withHumanAgentWindow(services, [dto]);
  return one!;
}

function windowOf(services: Pick<AppServices, 'config'>, account: { type: string; mode: 'sandbox' | 'live' }): number | undefined {
  try {
    return connectorOf(services, account.type, account.mode).messaging?.humanAgentWindowMs;
  } catch {
    // A connector no longer offered (its platform switched off): sending is refused anyway.
    return undefined;
  }
}
