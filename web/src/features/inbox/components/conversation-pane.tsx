import { Archive, ArchiveRestore, ArrowLeft, ExternalLink } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { platformLabel } from '@/lib/post-platforms';
import { useChangeConversation } from '../api/change-conversation';
import { useConversation } from '../api/get-conversation';
import { useMessages } from '../api/get-messages';
import { useReactToMessage } from '../api/react-to-message';
import type { Conversation, Message } from '../lib/inbox-types';
import { Composer } from './composer';
import { MessageThread } from './message-thread';
import { ParticipantAvatar, participantName } from './participant';

/** The open conversation: who, the thread, and the composer. Opening it marks it read. */
export function ConversationPane({ conversationId, onBack }: { conversationId: string; onBack: () => void }) {
  const conversation = useConversation(conversationId);
  if (conversation.isPending) return <PaneSkeleton />;
  if (conversation.isError)
    return (
      <div className="m-4 space-y-3">
        <BackToList onBack={onBack} />
        <p className="text-sm text-red-700">{errorMessage(conversation.error)}</p>
      </div>
    );
  return <OpenConversation key={conversationId} conversation={conversation.data as Conversation} onBack={onBack} />;
}

/** On a phone the conversation fills the screen: this leads back to the list (hidden where both panes fit). */
function BackToList({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="ghost" size="icon" className="-ml-2 shrink-0 md:hidden" aria-label="Back to conversations" onClick={onBack}>
      <ArrowLeft className="size-4" aria-hidden />
    </Button>
  );
}

function OpenConversation({ conversation, onBack }: { conversation: Conversation; onBack: () => void }) {
  const messages = useMessages(conversation.id);
  const change = useChangeConversation();
  const love = useReactToMessage(conversation.id);
  const unread = conversation.unreadCount;
  const { mutate } = change;
  useEffect(() => {
    if (unread > 0) mutate({ id: conversation.id, change: 'read' });
  }, [conversation.id, unread, mutate]);

  // Pages come newest first, each page oldest first: read the pages backwards.
  const list = useMemo(() => (messages.data?.pages ?? []).toReversed().flatMap((page) => page.items as Message[]), [messages.data]);
  const archived = conversation.status === 'ARCHIVED';
  const name = participantName(conversation);

  return (
    <section aria-label={`Conversation with ${name}`} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b border-zinc-200 px-3 py-3 sm:gap-3 sm:px-4">
        <BackToList onBack={onBack} />
        <ParticipantAvatar conversation={conversation} size="lg" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold text-zinc-900">{name}</h2>
          <p className="flex min-w-0 items-center gap-1.5 text-xs text-zinc-500">
            <PlatformIcon platform={conversation.platform} size="xs" />
            <span className="truncate">
              {conversation.participantUsername && conversation.participantDisplayName ? <>@{conversation.participantUsername} · </> : null}
              {platformLabel(conversation.platform)}, to @{conversation.socialAccount.username ?? conversation.socialAccountId}
            </span>
          </p>
        </div>
        {archived ? <Badge>Archived</Badge> : null}
        {conversation.platformSeenAt ? (
          <span className="hidden text-[11px] text-zinc-400 sm:inline" title={new Date(conversation.platformSeenAt).toLocaleString()}>
            Seen {new Date(conversation.platformSeenAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
          </span>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          pending={change.isPending && change.variables?.change !== 'read'}
          onClick={() => change.mutate({ id: conversation.id, change: archived ? 'open' : 'archive' })}
          title={archived ? 'Move back to open conversations' : 'Archive (e)'}
        >
          {archived ? <ArchiveRestore className="size-3.5" aria-hidden /> : <Archive className="size-3.5" aria-hidden />}
          {/* On a phone the icon says it: the name keeps the room. */}
          <span className="max-sm:sr-only">{archived ? 'Reopen' : 'Archive'}</span>
          {archived ? null : <kbd className="ml-1 rounded border border-zinc-200 px-1 text-[10px] text-zinc-400 max-sm:hidden">e</kbd>}
        </Button>
        {conversation.participantUsername && conversation.platform === 'INSTAGRAM' ? (
          <Button asChild variant="ghost" size="icon" aria-label="Open profile on Instagram">
            <a href={`https://instagram.com/${conversation.participantUsername}`} target="_blank" rel="noreferrer">
              <ExternalLink className="size-4" aria-hidden />
            </a>
          </Button>
        ) : null}
      </header>
      {messages.isPending ? (
        <div className="flex-1 space-y-3 p-4">
          <Skeleton className="h-10 w-2/5" />
          <Skeleton className="ml-auto h-10 w-1/3" />
          <Skeleton className="h-10 w-1/2" />
        </div>
      ) : (
        <MessageThread
          messages={list}
          hasOlder={!!messages.hasNextPage}
          loadingOlder={messages.isFetchingNextPage}
          onLoadOlder={() => void messages.fetchNextPage()}
          canLove={conversation.platform === 'INSTAGRAM'}
          onLove={(message) =>
            love.mutate({ messageId: message.id, action: message.platformData.reactions?.some((r) => r.reaction === 'love') ? 'UNREACT' : 'REACT' })
          }
        />
      )}
      <Composer conversation={conversation} />
    </section>
  );
}

function PaneSkeleton() {
  return (
    <div className="flex-1 space-y-4 p-4" aria-busy="true">
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <Skeleton className="h-4 w-40" />
      </div>
      <Skeleton className="h-10 w-2/5" />
      <Skeleton className="ml-auto h-10 w-1/3" />
    </div>
  );
}
