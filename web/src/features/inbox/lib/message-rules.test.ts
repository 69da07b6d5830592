import { describe, expect, it } from 'vitest';
import { compactContent, contentProblems, textLength } from './message-rules';
import { formatRemaining, replyWindow } from './reply-window';

const paths = (problems: { path: string }[]) => problems.map((p) => p.path);

describe('textLength', () => {
  it('counts bytes on Instagram and characters on Facebook', () => {
    expect(textLength('héllo 👋', 'INSTAGRAM')).toEqual({ used: 11, unit: 'bytes' });
    expect(textLength('héllo 👋', 'FACEBOOK')).toEqual({ used: 7, unit: 'characters' });
  });
});

describe('contentProblems', () => {
  it('accepts plain text and refuses an empty message', () => {
    expect(contentProblems({ text: 'Hi' }, 'FACEBOOK')).toEqual([]);
    expect(paths(contentProblems({ text: '  ' }, 'FACEBOOK'))).toEqual(['text']);
  });

  it('measures the 1,000 limit the way the platform does', () => {
    const emoji = '😀'.repeat(300); // 300 characters, 1,200 bytes
    expect(contentProblems({ text: emoji }, 'FACEBOOK')).toEqual([]);
    expect(contentProblems({ text: emoji }, 'INSTAGRAM')[0]?.message).toBe('Instagram counts bytes: this text is 1200 bytes, over 1000');
  });

  it('needs text beside buttons or quick replies, and never both', () => {
    const quickReplies = [{ label: 'Yes', payload: 'Y' }];
    const buttons = [{ type: 'POSTBACK' as const, label: 'Go', payload: 'GO' }];
    expect(paths(contentProblems({ quickReplies }, 'FACEBOOK'))).toEqual(['text', 'quickReplies']);
    expect(paths(contentProblems({ text: 'Pick', quickReplies, buttons }, 'FACEBOOK'))).toEqual(['quickReplies']);
  });

  it('holds the counts and label lengths', () => {
    const many = Array.from({ length: 14 }, (_, i) => ({ label: `Option ${i}`, payload: `${i}` }));
    expect(paths(contentProblems({ text: 'Pick', quickReplies: many }, 'FACEBOOK'))).toEqual(['quickReplies']);
    const long = [{ label: 'A label of more than twenty', payload: 'x' }];
    expect(paths(contentProblems({ text: 'Pick', quickReplies: long }, 'FACEBOOK'))).toEqual(['quickReplies.0.label']);
    const four = Array.from({ length: 4 }, () => ({ type: 'POSTBACK' as const, label: 'B', payload: 'B' }));
    expect(paths(contentProblems({ text: 'Pick', buttons: four }, 'FACEBOOK'))).toEqual(['buttons']);
  });

  it('refuses phone buttons on Instagram and links that are not HTTPS', () => {
    const phone = [{ type: 'PHONE' as const, label: 'Call', phoneNumber: '+33123456789' }];
    expect(contentProblems({ text: 'Call us', buttons: phone }, 'FACEBOOK')).toEqual([]);
    expect(paths(contentProblems({ text: 'Call us', buttons: phone }, 'INSTAGRAM'))).toEqual(['buttons.0.type']);
    const link = [{ type: 'URL' as const, label: 'Site', url: 'http://example.com' }];
    expect(paths(contentProblems({ text: 'See', buttons: link }, 'FACEBOOK'))).toEqual(['buttons.0.url']);
  });

  it('lets a carousel have its text but nothing else, ten cards of three buttons with titles up to 80', () => {
    const card = { title: 'Croissant', buttons: [{ type: 'URL' as const, label: 'Order', url: 'https://example.com' }] };
    expect(contentProblems({ text: 'Our menu', carousel: { cards: [card] } }, 'INSTAGRAM')).toEqual([]);
    expect(paths(contentProblems({ text: 'Menu', quickReplies: [{ label: 'A', payload: 'A' }], carousel: { cards: [card] } }, 'FACEBOOK'))).toEqual([
      'quickReplies',
    ]);
    expect(paths(contentProblems({ carousel: { cards: Array.from({ length: 11 }, () => card) } }, 'FACEBOOK'))).toEqual(['carousel.cards']);
    expect(paths(contentProblems({ carousel: { cards: [{ title: 'x'.repeat(81) }, { title: '' }] } }, 'FACEBOOK'))).toEqual([
      'carousel.cards.0.title',
      'carousel.cards.1.title',
    ]);
    const crowded = { title: 'Busy', buttons: Array.from({ length: 4 }, () => card.buttons[0]!) };
    expect(paths(contentProblems({ carousel: { cards: [crowded] } }, 'FACEBOOK'))).toEqual(['carousel.cards.0.buttons']);
  });

  it('drops empty parts before sending', () => {
    expect(compactContent({ text: '', attachments: [], quickReplies: [{ label: 'A', payload: 'A' }], buttons: [] })).toEqual({
      quickReplies: [{ label: 'A', payload: 'A' }],
    });
  });
});

describe('replyWindow', () => {
  const at = (iso: string) => new Date(iso).getTime();
  it('is open for 24 hours after the last inbound message', () => {
    const window = replyWindow({ platformData: { lastInboundAt: '2026-01-01T10:00:00Z', canReply: true } }, at('2026-01-02T08:30:00Z'));
    expect(window.state).toBe('open');
    expect(window.state === 'open' && formatRemaining(window.remainingMs)).toBe('1h 30m');
    expect(replyWindow({ platformData: { lastInboundAt: '2026-01-01T10:00:00Z', canReply: true } }, at('2026-01-02T10:00:01Z')).state).toBe('expired');
    // Where the account offers a human agent's late reply, the composer stays open until then.
    const late = { platformData: { lastInboundAt: '2026-01-01T10:00:00Z', canReply: true, humanAgentReplyUntil: '2026-01-08T10:00:00Z' } };
    const agent = replyWindow(late, at('2026-01-03T10:00:00Z'));
    expect(agent.state).toBe('humanAgent');
    expect(agent.state === 'humanAgent' && formatRemaining(agent.remainingMs)).toBe('5 days 0h');
    expect(formatRemaining(24 * 3600_000 + 30_000)).toBe('24h 00m');
    expect(replyWindow(late, at('2026-01-08T10:00:01Z'))).toMatchObject({ state: 'expired', humanAgentClosedAt: new Date('2026-01-08T10:00:00Z') });
  });

  it('waits for the person when they never wrote or after a private reply', () => {
    expect(replyWindow({ platformData: { canReply: false, lastInboundAt: '2026-01-01T10:00:00Z' } }, at('2026-01-01T11:00:00Z')).state).toBe('waiting');
    expect(replyWindow({ platformData: { canReply: true, lastInboundAt: null } }, at('2026-01-01T11:00:00Z')).state).toBe('waiting');
  });
});
