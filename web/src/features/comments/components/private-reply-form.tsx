import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import type { FetchedComment } from '@/api/get-fetched-comments';
import { useSendPrivateReply } from '../api/send-private-reply';
import { Textarea } from '@/components/ui/textarea';

/** A private message to the comment's author; sent, it opens the new conversation in the inbox. */
export function PrivateReplyForm({ comment, onDone }: { comment: FetchedComment; onDone: () => void }) {
  const [text, setText] = useState('');
  const send = useSendPrivateReply();
  const navigate = useNavigate();
  const author = comment.authorName ?? 'the author';
  const submit = () => {
    if (!text.trim() || send.isPending) return;
    send.mutate(
      { teamId: comment.teamId, fetchedCommentId: comment.id, text: text.trim() },
      {
        onSuccess: ({ conversation }) =>
          void navigate({
            to: '/inbox',
            search: (previous: Record<string, unknown>) => ({ team: previous.team as string | undefined, conversation: conversation.id }),
          }),
      },
    );
  };
  return (
    <form
      aria-label={`Private message to ${author}`}
      className="space-y-2 rounded-lg border border-accent-200 bg-accent-50/40 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="text-xs text-zinc-600">
        A direct message to {author} about this comment. They can answer in their inbox; you can write freely once they do.
      </p>
      <Textarea
        aria-label="Your private message"
        value={text}
        autoFocus
        rows={2}
        maxLength={1000}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit();
          if (event.key === 'Escape') onDone();
        }}
        placeholder={`Message ${author} privately…`}
        aria-invalid={send.isError || undefined}
      />
      {send.isError ? (
        <p role="alert" className="text-xs text-red-700">
          {errorMessage(send.error)}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" pending={send.isPending} disabled={!text.trim()}>
          Send private message
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
