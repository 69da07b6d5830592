import { describe, expect, it } from 'vitest';
import { conditionHolds, conditionsHold, type ConditionSubject } from './conditions';

const subject: ConditionSubject = { text: 'Is the Autumn Blend in stock?', payload: 'SIZE_L', platform: 'INSTAGRAM', senderExternalId: '1784' };

describe('condition rules', () => {
  it('CONTAINS, EQUALS and MATCHES_ANY, ignoring case unless asked', () => {
    expect(conditionHolds({ field: 'TEXT', operator: 'CONTAINS', value: 'autumn blend' }, subject)).toBe(true);
    expect(conditionHolds({ field: 'TEXT', operator: 'CONTAINS', value: 'autumn blend', caseSensitive: true }, subject)).toBe(false);
    expect(conditionHolds({ field: 'PAYLOAD', operator: 'EQUALS', value: 'size_l' }, subject)).toBe(true);
    expect(conditionHolds({ field: 'PAYLOAD', operator: 'EQUALS', value: 'SIZE' }, subject)).toBe(false);
    expect(conditionHolds({ field: 'PLATFORM', operator: 'MATCHES_ANY', value: 'facebook, Instagram' }, subject)).toBe(true);
    expect(conditionHolds({ field: 'SENDER_ID', operator: 'MATCHES_ANY', value: '1,2,3' }, subject)).toBe(false);
  });

  it('a missing field never matches, and every rule of a step must hold', () => {
    expect(conditionHolds({ field: 'PAYLOAD', operator: 'CONTAINS', value: 'x' }, { ...subject, payload: null })).toBe(false);
    expect(
      conditionsHold(
        [
          { field: 'TEXT', operator: 'CONTAINS', value: 'stock' },
          { field: 'SENDER_ID', operator: 'EQUALS', value: '1784' },
        ],
        subject,
      ),
    ).toBe(true);
    expect(
      conditionsHold(
        [
          { field: 'TEXT', operator: 'CONTAINS', value: 'stock' },
          { field: 'SENDER_ID', operator: 'EQUALS', value: '9' },
        ],
        subject,
      ),
    ).toBe(false);
  });
});
