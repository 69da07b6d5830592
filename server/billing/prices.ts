/** Metered X actions and their prices in micro-dollars (1,000,000 = $1), as quoted and charged. */
export const BILLABLE_ACTIONS = {
  TWITTER_CONTENT_CREATE: { label: 'X post created', unitAmountMicros: 15_000 },
  TWITTER_CONTENT_CREATE_WITH_URL: { label: 'X post with a link created', unitAmountMicros: 200_000 },
  TWITTER_CONTENT_MANAGE: { label: 'X post managed (repost, alt text)', unitAmountMicros: 10_000 },
  TWITTER_INTERACTION_DELETE: { label: 'X interaction deleted', unitAmountMicros: 10_000 },
  TWITTER_POST_READ: { label: 'X post read', unitAmountMicros: 5_000 },
  TWITTER_USER_READ: { label: 'X user read', unitAmountMicros: 10_000 },
} as const;

export type BillableAction = keyof typeof BILLABLE_ACTIONS;
export const BILLABLE_ACTION_NAMES = Object.keys(BILLABLE_ACTIONS) as [BillableAction, ...BillableAction[]];

/** Below this available amount the balance reports `lowBalance`, unless the organization set its own threshold. */
export const DEFAULT_LOW_BALANCE_MICROS = 1_000_000;

export const toCents = (micros: number) => Math.floor(micros / 10_000);

export type QuoteLine = { action: BillableAction; label: string; unitAmountMicros: number; amountMicros: number; amountCents: number; currency: 'usd' };

export function quoteLine(action: BillableAction, quantity = 1): QuoteLine {
  const { label, unitAmountMicros } = BILLABLE_ACTIONS[action];
  const amountMicros = unitAmountMicros * quantity;
  return { action, label, unitAmountMicros, amountMicros, amountCents: toCents(amountMicros), currency: 'usd' };
}

const URL_PATTERN = /\bhttps?:\/\/\S+|\bwww\.\S+\.\S+/i;

/**
 * The lines of a quote: an explicit action (times `quantity`), or one created post per text (a
 * text with a link costs more on X), plus one managed-content call per alt text.
 */
export function quoteLines(input: { text?: string; texts?: string[]; action?: BillableAction; altTextCount?: number; quantity?: number }): QuoteLine[] {
  const lines: QuoteLine[] = [];
  if (input.action) lines.push(quoteLine(input.action, input.quantity ?? 1));
  const texts = [...(input.text !== undefined ? [input.text] : []), ...(input.texts ?? [])];
  const withUrl = texts.filter((text) => URL_PATTERN.test(text)).length;
  if (texts.length - withUrl > 0) lines.push(quoteLine('TWITTER_CONTENT_CREATE', texts.length - withUrl));
  if (withUrl > 0) lines.push(quoteLine('TWITTER_CONTENT_CREATE_WITH_URL', withUrl));
  if (input.altTextCount) lines.push(quoteLine('TWITTER_CONTENT_MANAGE', input.altTextCount));
  return lines;
}
