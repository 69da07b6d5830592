import { describe, expect, it } from 'vitest';
import { matchesKeywords, matchesPayloads, matchesSender, normalizeForMatch, triggerMatches, type TriggerEvent, type TriggerRule } from './keyword-match';

const any = (keywords: string[], text: string, caseSensitive = false) => matchesKeywords(keywords, text, { caseSensitive });

describe('keyword matching', () => {
  it('matches whole words only', () => {
    expect(any(['price'], 'What is the price?')).toBe(true);
    expect(any(['price'], 'price')).toBe(true);
    expect(any(['price'], 'Price: 20€')).toBe(true);
    expect(any(['price'], '#price')).toBe(true);
    expect(any(['price'], "the price's fine")).toBe(true);
    expect(any(['price'], 'pricey')).toBe(false);
    expect(any(['price'], 'overprice')).toBe(false);
    expect(any(['price'], 'prices')).toBe(false);
    expect(any(['price'], 'price_list')).toBe(false);
    expect(any(['price'], 'price2')).toBe(false);
    expect(any(['10'], 'only 100 left')).toBe(false);
    expect(any(['10'], 'only 10 left')).toBe(true);
  });

  it('matches a word found later in the text after an earlier partial hit', () => {
    expect(any(['cat'], 'concatenate the cat')).toBe(true);
    expect(any(['cat'], 'catcat cat.')).toBe(true);
  });

  it('matches phrases, ignoring extra spaces, tabs and line breaks on both sides', () => {
    expect(any(['how much'], 'Hey, how much is it?')).toBe(true);
    expect(any(['how much'], 'how   much\tis it')).toBe(true);
    expect(any(['how much'], 'how\nmuch')).toBe(true);
    expect(any(['  how   much  '], 'how much')).toBe(true);
    expect(any(['how much'], 'how, much')).toBe(false);
    expect(any(['how much'], 'somehow muchness')).toBe(false);
    expect(any(['how much'], 'how much\u00a0is it')).toBe(true);
  });

  it('ignores case unless asked', () => {
    expect(any(['PRICE'], 'what is the price')).toBe(true);
    expect(any(['price'], 'WHAT IS THE PRICE')).toBe(true);
    expect(any(['Straße'], 'STRASSE?')).toBe(false);
    expect(any(['ÉTÉ'], 'cet été')).toBe(true);
    expect(any(['PRICE'], 'what is the price', true)).toBe(false);
    expect(any(['Price'], 'Price please', true)).toBe(true);
    expect(any(['price'], 'Price please', true)).toBe(false);
  });

  it('compares Unicode-normalized text (NFKC): composed accents, full-width letters, ligatures', () => {
    const composed = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    expect(any([composed], `un ${decomposed}, svp`)).toBe(true);
    expect(any([decomposed], `un ${composed}, svp`)).toBe(true);
    expect(any(['cafe'], `un ${composed}`)).toBe(false);
    expect(any(['price'], 'ｐｒｉｃｅ？')).toBe(true);
    expect(any(['file'], 'the \ufb01le')).toBe(true);
    expect(any(['price'], 'pri\u200bce')).toBe(true);
    expect(normalizeForMatch('  Ｈｉ\u00a0\u00a0there ')).toBe('hi there');
  });

  it('matches emoji and punctuation keywords anywhere', () => {
    expect(any(['🔥'], 'so hot🔥🔥')).toBe(true);
    expect(any(['🔥'], '🔥')).toBe(true);
    expect(any(['❤️'], 'I ❤ it')).toBe(true);
    expect(any(['❤'], 'I❤️it')).toBe(true);
    expect(any(['👍'], 'ok👍🏽')).toBe(true);
    expect(any(['!!'], 'wow!!!')).toBe(true);
    expect(any(['?'], 'price?')).toBe(true);
    expect(any(['🔥'], 'no fire here')).toBe(false);
    expect(any(['👨‍👩‍👧'], 'family 👨‍👩‍👧 time')).toBe(true);
  });

  it('needs a word edge only where the keyword itself has a letter or digit at that edge', () => {
    expect(any(['c++'], 'I love c++!')).toBe(true);
    expect(any(['c++'], 'abc++')).toBe(false);
    expect(any(['#sale'], 'big#sale today')).toBe(true);
    expect(any(['#sale'], '#salesman')).toBe(false);
    expect(any(['50% off'], 'get 50% off now')).toBe(true);
    expect(any(['50% off'], 'get 150% off now')).toBe(false);
  });

  it('matches keywords in scripts written without spaces anywhere, and whole words elsewhere', () => {
    expect(any(['价格'], '这个价格是多少')).toBe(true);
    expect(any(['値段'], 'この値段はいくらですか')).toBe(true);
    expect(any(['ราคา'], 'ราคาเท่าไหร่')).toBe(true);
    expect(any(['цена'], 'Какая цена?')).toBe(true);
    expect(any(['цена'], 'оценка')).toBe(false);
    expect(any(['سعر'], 'ما هو السعر')).toBe(false);
    expect(any(['سعر'], 'ما هو سعر هذا')).toBe(true);
  });

  it('ANY needs one keyword, ALL needs every one; no keywords match everything', () => {
    expect(matchesKeywords(['price', 'cost'], 'what does it cost', { matchMode: 'ANY' })).toBe(true);
    expect(matchesKeywords(['price', 'cost'], 'what does it cost')).toBe(true);
    expect(matchesKeywords(['price', 'cost'], 'what does it cost', { matchMode: 'ALL' })).toBe(false);
    expect(matchesKeywords(['price', 'cost'], 'price and cost', { matchMode: 'ALL' })).toBe(true);
    expect(matchesKeywords([], 'anything')).toBe(true);
    expect(matchesKeywords(undefined, '')).toBe(true);
    expect(matchesKeywords(['   '], 'anything')).toBe(true);
    expect(matchesKeywords(['price'], null)).toBe(false);
    expect(matchesKeywords(['price'], '')).toBe(false);
  });
});

describe('payloads and senders', () => {
  it('matches payloads exactly; none means any tap', () => {
    expect(matchesPayloads([], 'SIZE_M')).toBe(true);
    expect(matchesPayloads(undefined, null)).toBe(true);
    expect(matchesPayloads(['SIZE_M', 'SIZE_L'], 'SIZE_M')).toBe(true);
    expect(matchesPayloads(['SIZE_M'], 'size_m')).toBe(false);
    expect(matchesPayloads(['SIZE_M'], 'SIZE_M ')).toBe(false);
    expect(matchesPayloads(['SIZE_M'], null)).toBe(false);
  });

  it('limits to the listed senders; none or an empty list means anyone', () => {
    expect(matchesSender(undefined, '1')).toBe(true);
    expect(matchesSender([], '1')).toBe(true);
    expect(matchesSender(null, null)).toBe(true);
    expect(matchesSender(['1', '2'], '2')).toBe(true);
    expect(matchesSender(['1', '2'], '3')).toBe(false);
    expect(matchesSender(['1'], null)).toBe(false);
  });
});

describe('trigger matching', () => {
  const dm: TriggerRule = {
    type: 'DM_RECEIVED',
    platform: 'INSTAGRAM',
    socialAccountId: 'acc',
    keywords: ['price'],
    matchMode: 'ANY',
    caseSensitive: false,
    senderExternalIds: [],
  };
  const event: TriggerEvent = { type: 'DM_RECEIVED', platform: 'INSTAGRAM', socialAccountId: 'acc', text: 'The PRICE?', senderExternalId: '77' };

  it('fires on the same type, platform and account with matching text', () => {
    expect(triggerMatches(dm, event)).toBe(true);
    expect(triggerMatches(dm, { ...event, text: 'pricing' })).toBe(false);
    expect(triggerMatches(dm, { ...event, type: 'QUICK_REPLY_CLICKED' })).toBe(false);
    expect(triggerMatches(dm, { ...event, platform: 'FACEBOOK' })).toBe(false);
    expect(triggerMatches(dm, { ...event, socialAccountId: 'other' })).toBe(false);
    expect(triggerMatches({ ...dm, senderExternalIds: ['78'] }, event)).toBe(false);
    expect(triggerMatches({ ...dm, senderExternalIds: ['77'] }, event)).toBe(true);
  });

  it('never fires a DM or click trigger that names a post', () => {
    expect(triggerMatches({ ...dm, postId: 'post' }, event)).toBe(false);
    expect(triggerMatches({ ...dm, postId: 'post' }, { ...event, postId: 'post' })).toBe(false);
  });

  it('fires a comment trigger only on its post', () => {
    const comment: TriggerRule = { ...dm, type: 'COMMENT_CREATED', postId: 'p1', keywords: [] };
    const commented: TriggerEvent = { ...event, type: 'COMMENT_CREATED', postId: 'p1', text: 'nice' };
    expect(triggerMatches(comment, commented)).toBe(true);
    expect(triggerMatches(comment, { ...commented, postId: 'p2' })).toBe(false);
  });

  it('matches click triggers on payloads, not text', () => {
    const click: TriggerRule = { type: 'BUTTON_CLICKED', platform: 'FACEBOOK', socialAccountId: 'acc', payloads: ['GET_STARTED'] };
    const tap: TriggerEvent = { type: 'BUTTON_CLICKED', platform: 'FACEBOOK', socialAccountId: 'acc', payload: 'GET_STARTED', text: 'Get Started' };
    expect(triggerMatches(click, tap)).toBe(true);
    expect(triggerMatches(click, { ...tap, payload: 'MENU_1' })).toBe(false);
    expect(triggerMatches({ ...click, payloads: [] }, { ...tap, payload: 'MENU_1' })).toBe(true);
  });
});
