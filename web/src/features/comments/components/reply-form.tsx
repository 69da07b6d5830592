import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useCreateReply } from '../api/create-reply';
import type { FetchedComment } from '@/api/get-fetched-comments';
import { Textarea } from '@/components/ui/textarea';

/** Answer a comment where it is; the reply then shows under it with its publishing state. */
export function ReplyForm({ comment, onDone }: { comment: FetchedComment; onDone: () => void }) {
  const [text, setText] = useState('');
  const reply = useCreateReply(comment.postId);
  const author = comment.authorName ?? 'this comment';
  const send = () => {
    if (!text.trim()) return;
    reply.mutate(
      { teamId: comment.teamId, postId: comment.postId, platform: comment.platform, parentId: comment.id, text: text.trim() },
      { onSuccess: onDone },
    );
  };
  return (
    <form
      aria-label={`Reply to ${author}`}
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Textarea
        aria-label="Your reply"
        value={text}
        autoFocus
        rows={2}
        maxLength={10_000}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) send();
          if (event.key === 'Escape') onDone();
        }}
        placeholder={`Reply to ${author}…`}
        aria-invalid={reply.isError || undefined}
      />
      {reply.isError ? (
        <p role="alert" className="text-xs text-red-700">
          {errorMessage(reply.error)}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" pending={reply.isPending} disabled={!text.trim()}>
          Send reply
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
