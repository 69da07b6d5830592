import type { Acting } from './meta-acting';

type Listed = { id: string; text?: string; message?: string; from?: { id?: string } };

/**
 * The comment the account already left under an object with this text, if any: Meta's comment
 * endpoints take no idempotency key, so a first comment retried after a lost answer adopts the
 * earlier one instead of commenting twice (the spec's "creation retries adopt"). Facebook calls the
 * text `message`, Instagram `text`; both name the author in `from`. Instagram keeps a comment's
 * replies on its own edge (`/{comment-id}/replies`).
 */
export async function ownComment(
  acting: Acting,
  input: { operation: string; objectId: string; text: string; textField: 'text' | 'message'; edge?: 'comments' | 'replies' },
): Promise<string | null> {
  const listed = await acting.graph.all<Listed>({
    operation: input.operation,
    path: `/${input.objectId}/${input.edge ?? 'comments'}`,
    token: acting.token,
    query: { fields: `id,${input.textField},from`, limit: '50' },
  });
  const wanted = input.text.trim();
  const found = listed.find((comment) => comment.from?.id === acting.accountId && (comment[input.textField] ?? '').trim() === wanted);
  return found?.id ?? null;
}
