import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import type { ReviewItem } from '../lib/review-item';
import { REPLY_MAX_LENGTH, useSaveReply } from '../api/save-reply';
import { Textarea } from '@/components/ui/textarea';
import { ReplyTemplates } from './reply-templates';

type ReplyEditorProps = { teamId: string; review: ReviewItem; onDone: (sent: boolean) => void };

/** Writes or rewrites the owner reply in place: Ctrl+Enter (⌘+Enter) sends, Escape leaves it as it was. */
export function ReplyEditor({ teamId, review, onDone }: ReplyEditorProps) {
  const [text, setText] = useState(review.reply?.text ?? '');
  const save = useSaveReply(teamId);
  const trimmed = text.trim();
  const send = () => {
    if (!trimmed || save.isPending) return;
    save.mutate({ review, text: trimmed }, { onSuccess: () => onDone(true) });
  };
  return (
    <form
      aria-label={`Reply to ${review.reviewer}`}
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <ReplyTemplates teamId={teamId} reviewer={review.reviewer} text={text} onUse={setText} />
      <Textarea
        aria-label="Your reply"
        value={text}
        autoFocus
        rows={3}
        maxLength={REPLY_MAX_LENGTH}
        onFocus={(event) => event.currentTarget.setSelectionRange(event.currentTarget.value.length, event.currentTarget.value.length)}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            send();
          }
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone(false);
          }
        }}
        placeholder={`Reply to ${review.reviewer} as the owner…`}
        aria-invalid={save.isError || undefined}
        aria-describedby={`reply-hint-${review.id}`}
      />
      {save.isError ? (
        <p role="alert" className="text-xs text-red-700">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" pending={save.isPending} disabled={!trimmed}>
          {review.reply ? 'Update reply' : 'Send reply'}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onDone(false)}>
          Cancel
        </Button>
        <span id={`reply-hint-${review.id}`} className="ml-auto text-xs text-zinc-400">
          <kbd className="font-sans">Ctrl</kbd>+<kbd className="font-sans">Enter</kbd> to send · <kbd className="font-sans">Esc</kbd> to cancel · {text.length}/
          {REPLY_MAX_LENGTH}
        </span>
      </div>
    </form>
  );
}
