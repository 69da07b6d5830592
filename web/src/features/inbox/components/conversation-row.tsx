import { memo } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { cn } from '@/lib/cn';
import type { Conversation } from '../lib/inbox-types';
import { ParticipantAvatar, participantName } from './participant';

function shortTime(iso: string): string {
  const date = new Date(iso);
  const now = new Date();
  if (date.toDateString() === now.toDateString()) return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days < 6) return date.toLocaleDateString(undefined, { weekday: 'short' });
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}

type RowProps = { conversation: Conversation; selected: boolean; onSelect: (id: string) => void };

export const ROW_HEIGHT = 76;

/** One line of the list: who, on which account, the last words, and how many are unread. */
export const ConversationRow = memo(function ConversationRow({ conversation, selected, onSelect }: RowProps) {
  const unread = conversation.unreadCount > 0;
  const name = participantName(conversation);
  return (
    <button
      type="button"
      role="option"
      aria-selected={selected}
      aria-label={`${name}${unread ? `, ${conversation.unreadCount} unread` : ''}`}
      data-conversation-row
      onClick={() => onSelect(conversation.id)}
      style={{ height: ROW_HEIGHT }}
      className={cn(
        'flex w-full items-center gap-3 border-l-2 px-3 text-left transition-colors',
        selected ? 'border-accent-600 bg-accent-50' : 'border-transparent hover:bg-zinc-50',
      )}
    >
      <span className="relative shrink-0">
        <ParticipantAvatar conversation={conversation} />
        <span className="absolute -right-1 -bottom-1 rounded-md ring-2 ring-white">
          <PlatformIcon platform={conversation.platform} size="xs" />
        </span>
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className={cn('truncate text-sm', unread ? 'font-semibold text-zinc-900' : 'font-medium text-zinc-700')}>{name}</span>
          <span className={cn('ml-auto shrink-0 text-[11px]', unread ? 'font-semibold text-accent-700' : 'text-zinc-400')}>
            {shortTime(conversation.lastActivityAt)}
          </span>
        </span>
        <span className="flex items-center gap-2">
          <span className={cn('truncate text-xs', unread ? 'font-medium text-zinc-800' : 'text-zinc-500')}>
            {conversation.lastMessagePreview || <span className="italic">No messages yet</span>}
          </span>
          {unread ? (
            <span
              className="ml-auto inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-accent-600 px-1.5 text-[11px] font-semibold text-white"
              aria-hidden
            >
              {conversation.unreadCount > 99 ? '99+' : conversation.unreadCount}
            </span>
          ) : null}
        </span>
        <span className="block truncate text-[11px] text-zinc-400">@{conversation.socialAccount.username ?? conversation.socialAccountId}</span>
      </span>
    </button>
  );
});
