import type { ExecutionInput } from '../../db/schema/automations';
import type { Condition } from '../shared/flow-definition';

/** What conditions read: the trigger's text, payload, platform and sender. */
export type ConditionSubject = { text: string | null; payload: string | null; platform: string; senderExternalId: string | null };

export function subjectOf(input: ExecutionInput, senderExternalId: string | null): ConditionSubject {
  return { text: input.text ?? null, payload: input.payload ?? null, platform: input.platform, senderExternalId };
}

const FIELD: Record<Condition['field'], keyof ConditionSubject> = { TEXT: 'text', PAYLOAD: 'payload', PLATFORM: 'platform', SENDER_ID: 'senderExternalId' };

/** One rule: `CONTAINS` anywhere, `EQUALS` exactly, `MATCHES_ANY` one of a comma-separated list; case ignored unless asked. */
export function conditionHolds(condition: Condition, subject: ConditionSubject): boolean {
  const raw = subject[FIELD[condition.field]];
  if (raw == null) return false;
  const fold = (value: string) => (condition.caseSensitive ? value : value.toLowerCase()).normalize('NFKC');
  const actual = fold(raw);
  const wanted = fold(condition.value);
  switch (condition.operator) {
    case 'CONTAINS':
      return actual.includes(wanted);
    case 'EQUALS':
      return actual === wanted;
    case 'MATCHES_ANY':
      return wanted
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
        .includes(actual.trim());
  }
}

/** A condition step passes when every one of its rules holds. */
export function conditionsHold(conditions: Condition[], subject: ConditionSubject): boolean {
  return conditions.every((condition) => conditionHolds(condition, subject));
}
