// No imports beyond types: the executor and the dashboard's "try your keywords" preview share this.
import type { TriggerType } from './automation-constants';

/*
 * Keyword matching as the spec states it: whole words, phrases, extra spaces ignored, case
 * ignored unless asked, Unicode-normalized; keywords made of emoji or punctuation match anywhere.
 *
 * "Whole word" is decided per edge of the keyword: an edge that is a letter, digit or mark must
 * not touch another one in the text (`price` is not found in `pricey`, `c++` is found in `c++!`
 * but not in `abc++`). An edge that is punctuation or emoji needs nothing, so `🔥` and `!!!` match
 * anywhere. Scripts written without spaces between words (Chinese, Japanese, Thai...) have no
 * word edges to look for, so their keywords match anywhere as well.
 */

const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
// Zero-width spaces and joiners-that-are-not-ZWJ, and emoji presentation selectors: invisible differences.
// (An alternation, not a character class: variation selectors combine with what precedes them.)
const INVISIBLE = /\u200B|\u2060|\uFEFF|\uFE0E|\uFE0F/g;
const SPACES = /\s+/gu;

/**
 * The form both sides are compared in: NFKC (full-width letters, ligatures and composed accents
 * become their plain forms), invisible characters removed, whitespace runs as one space, and
 * lower case unless case matters.
 */
export function normalizeForMatch(text: string, caseSensitive = false): string {
  const folded = text.normalize('NFKC').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
  return caseSensitive ? folded : folded.toLowerCase().normalize('NFKC');
}

/** The code point just before `index` (surrogate pairs read whole), or '' at the start. */
function charBefore(text: string, index: number): string {
  if (index <= 0) return '';
  const code = text.charCodeAt(index - 1);
  return code >= 0xdc00 && code <= 0xdfff && index >= 2 ? text.slice(index - 2, index) : text.slice(index - 1, index);
}

function charAt(text: string, index: number): string {
  const point = text.codePointAt(index);
  return point === undefined ? '' : String.fromCodePoint(point);
}

function lastChar(text: string): string {
  return charBefore(text, text.length);
}

const needsEdge = (char: string) => WORD_CHAR.test(char) && !UNSPACED_SCRIPT.test(char);

/** Whether one keyword occurs in the text as the rules above define it; both already normalized. */
function occursIn(keyword: string, text: string): boolean {
  if (!keyword) return false;
  const edgeBefore = needsEdge(charAt(keyword, 0));
  const edgeAfter = needsEdge(lastChar(keyword));
  for (let at = text.indexOf(keyword); at !== -1; at = text.indexOf(keyword, at + 1)) {
    const before = charBefore(text, at);
    const after = charAt(text, at + keyword.length);
    if (edgeBefore && before && WORD_CHAR.test(before)) continue;
    if (edgeAfter && after && WORD_CHAR.test(after)) continue;
    return true;
  }
  return false;
}

export type KeywordOptions = { matchMode?: 'ANY' | 'ALL'; caseSensitive?: boolean };

/** The trigger's keyword rule: no keywords match everything; `ANY` (default) one of them, `ALL` every one. */
export function matchesKeywords(keywords: readonly string[] | undefined, text: string | null | undefined, options: KeywordOptions = {}): boolean {
  const wanted = (keywords ?? []).map((keyword) => normalizeForMatch(keyword, options.caseSensitive)).filter(Boolean);
  if (wanted.length === 0) return true;
  const haystack = normalizeForMatch(text ?? '', options.caseSensitive);
  const found = (keyword: string) => occursIn(keyword, haystack);
  return options.matchMode === 'ALL' ? wanted.every(found) : wanted.some(found);
}

/** Click triggers: no payloads match any tap; otherwise the tap's payload exactly. */
export function matchesPayloads(payloads: readonly string[] | undefined, payload: string | null | undefined): boolean {
  if (!payloads || payloads.length === 0) return true;
  return payload != null && payloads.includes(payload);
}

/** `senderExternalIds`: none means anyone; otherwise only these platform user ids. */
export function matchesSender(senderExternalIds: readonly string[] | null | undefined, senderExternalId: string | null | undefined): boolean {
  if (!senderExternalIds || senderExternalIds.length === 0) return true;
  return senderExternalId != null && senderExternalIds.includes(senderExternalId);
}

export type TriggerRule = {
  type: TriggerType;
  platform: string;
  socialAccountId: string | null;
  postId?: string | null;
  keywords?: string[];
  matchMode?: 'ANY' | 'ALL';
  caseSensitive?: boolean;
  payloads?: string[];
  senderExternalIds?: string[] | null;
};

export type TriggerEvent = {
  type: TriggerType;
  platform: string;
  socialAccountId: string;
  /** The service's post id (comments). */
  postId?: string | null;
  text?: string | null;
  payload?: string | null;
  senderExternalId?: string | null;
};

/**
 * Whether an event fires a trigger. A DM or click trigger that names a post never fires (the
 * spec: such a flow publishes but never fires), since no DM carries a post.
 */
export function triggerMatches(trigger: TriggerRule, event: TriggerEvent): boolean {
  if (trigger.type !== event.type || trigger.platform !== event.platform || trigger.socialAccountId !== event.socialAccountId) return false;
  if (trigger.type === 'COMMENT_CREATED' ? trigger.postId !== event.postId : trigger.postId) return false;
  if (!matchesSender(trigger.senderExternalIds, event.senderExternalId)) return false;
  if (trigger.type === 'COMMENT_CREATED' || trigger.type === 'DM_RECEIVED') {
    return matchesKeywords(trigger.keywords, event.text, { matchMode: trigger.matchMode, caseSensitive: trigger.caseSensitive });
  }
  return matchesPayloads(trigger.payloads, event.payload);
}
