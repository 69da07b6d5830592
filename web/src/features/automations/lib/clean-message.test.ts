import { describe, expect, it } from 'vitest';
import { StepSchema } from '@server/automations/shared/flow-definition';
import { cleanStep } from './clean-message';

describe('a message as the definition says it', () => {
  it('leaves out emptied fields, so a carousel without text passes the API’s schema', () => {
    const step = cleanStep({
      id: 'cards',
      type: 'SEND_MESSAGE',
      message: {
        text: '',
        quickReplies: [],
        buttons: [],
        attachments: [],
        carousel: { cards: [{ title: 'Rye', subtitle: '', imageUploadId: '', buttons: [] }] },
      },
    });
    expect(step).toEqual({
      id: 'cards',
      type: 'SEND_MESSAGE',
      message: { carousel: { cards: [{ title: 'Rye', subtitle: undefined, imageUploadId: undefined, buttons: undefined }] } },
    });
    expect(StepSchema.safeParse(step).success).toBe(true);
  });

  it('keeps what is filled in, and the schema still refuses what the API refuses', () => {
    const step = cleanStep({
      id: 'ask',
      type: 'SEND_MESSAGE',
      message: { text: 'Which loaf?', quickReplies: [{ label: 'Rye', payload: 'RYE' }], buttons: [{ type: 'URL', label: 'Menu', url: 'https://example.com' }] },
    });
    expect(step.type === 'SEND_MESSAGE' && step.message.quickReplies).toHaveLength(1);
    const parsed = StepSchema.safeParse(step);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain('A message has buttons or quick replies, never both');
  });
});
