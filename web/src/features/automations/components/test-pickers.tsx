import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { TriggerInput } from '@server/automations/shared/flow-definition';
import { useAccountConversations } from '@/api/get-conversations';
import { useFetchedComments } from '@/api/get-fetched-comments';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

/** What a test runs on: the id the API takes, and whose it is (the sender id a real event would carry). */
export type TestSubject = { id: string; senderExternalId: string | null };

type PickerProps = { teamId: string; trigger: TriggerInput; value: string | null; onChange: (subject: TestSubject) => void };

const sandboxHint = (
  <>
    the sandbox panel on the{' '}
    <Link to="/accounts" className="font-medium text-accent-700 underline">
      Accounts page
    </Link>
  </>
);

/** DM and tap flows run in a conversation of the trigger's account. */
export function ConversationPicker({ teamId, trigger, value, onChange }: PickerProps) {
  const conversations = useAccountConversations(teamId, trigger.socialAccountId ?? null);
  if (!trigger.socialAccountId) return <Note>Choose the trigger’s account first: the test runs in one of its conversations.</Note>;
  if (conversations.isPending) return <Note>Loading the account’s conversations…</Note>;
  if (conversations.isError) return <Note alert>The conversations did not load: {errorMessage(conversations.error)}</Note>;
  const items = conversations.data.items;
  if (items.length === 0) return <Note>No conversations on this account yet: send it a DM from {sandboxHint}, then pick it here.</Note>;
  return (
    <PickList
      label="Conversation"
      value={value}
      options={items.map((conversation) => ({
        id: conversation.id,
        title: conversation.participantDisplayName || conversation.participantUsername || conversation.externalParticipantId,
        detail: conversation.lastMessagePreview,
        meta: `${conversation.status === 'ARCHIVED' ? 'Archived · ' : ''}${formatDateTime(conversation.lastActivityAt)}`,
        subject: { id: conversation.id, senderExternalId: conversation.externalParticipantId },
      }))}
      onChange={onChange}
    />
  );
}

/** Comment flows run on a fetched comment of the trigger's post. */
export function CommentPicker({ teamId, trigger, value, onChange }: PickerProps) {
  const postId = trigger.postId ?? null;
  if (!postId) return <Note>Choose the trigger’s post first: the test runs on one of its comments.</Note>;
  return <PostComments teamId={teamId} postId={postId} platform={trigger.platform} value={value} onChange={onChange} />;
}

function PostComments({ teamId, postId, platform, value, onChange }: Omit<PickerProps, 'trigger'> & { postId: string; platform: TriggerInput['platform'] }) {
  const comments = useFetchedComments(teamId, postId, platform);
  if (comments.isPending) return <Note>Loading the post’s comments…</Note>;
  if (comments.isError) return <Note alert>The comments did not load: {errorMessage(comments.error)}</Note>;
  const items = comments.data.items.filter((comment) => !comment.deletedAt && !comment.platformData.owner);
  if (items.length === 0) return <Note>No comments fetched on this post yet: send one from {sandboxHint}, then pick it here.</Note>;
  return (
    <PickList
      label="Comment"
      value={value}
      options={items.map((comment) => ({
        id: comment.id,
        title: comment.authorName ?? comment.authorExternalId ?? 'Someone',
        detail: comment.text ?? '',
        meta: formatDateTime(comment.publishedAt ?? comment.createdAt),
        subject: { id: comment.id, senderExternalId: comment.authorExternalId },
      }))}
      onChange={onChange}
    />
  );
}

function Note({ children, alert = false }: { children: ReactNode; alert?: boolean }) {
  return (
    <p
      role={alert ? 'alert' : undefined}
      className={cn('rounded-lg border border-dashed px-3 py-2 text-xs', alert ? 'border-red-200 bg-red-50 text-red-800' : 'border-zinc-300 text-zinc-600')}
    >
      {children}
    </p>
  );
}

type Option = { id: string; title: string; detail: string; meta: string; subject: TestSubject };

/**
 * Native radios: Tab enters the list, the arrows move the choice, as in any radio group. The
 * newest come first; the list scrolls.
 */
function PickList({ label, value, options, onChange }: { label: string; value: string | null; options: Option[]; onChange: (subject: TestSubject) => void }) {
  return (
    <div role="radiogroup" aria-label={label} className="max-h-56 divide-y divide-zinc-100 overflow-y-auto rounded-lg border border-zinc-200">
      {options.map((option) => (
        <label
          key={option.id}
          className={cn(
            'flex cursor-pointer items-start gap-2 px-3 py-2 text-sm has-[:focus-visible]:bg-accent-50',
            value === option.id ? 'bg-accent-50' : 'hover:bg-zinc-50',
          )}
        >
          <input type="radio" name={`test-${label}`} className="mt-1" checked={value === option.id} onChange={() => onChange(option.subject)} />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium text-zinc-900">{option.title}</span>
            <span className="line-clamp-2 text-xs text-zinc-600">{option.detail || <span className="italic text-zinc-400">No text</span>}</span>
            <span className="block text-[11px] text-zinc-400">{option.meta}</span>
          </span>
        </label>
      ))}
    </div>
  );
}
