import { getRouteApi, useRouter } from '@tanstack/react-router';
import { MessageCircleOff, MessagesSquare, Search } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTeamAccounts } from '@/api/get-team-accounts';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/cn';
import { useChangeConversation } from '../api/change-conversation';
import { useConversations } from '../api/get-conversations';
import { filtersOf, type InboxSearch } from '../lib/inbox-filters';
import type { Conversation } from '../lib/inbox-types';
import { REPLY_BOX_ID } from './composer';
import { ConversationList } from './conversation-list';
import { ConversationPane } from './conversation-pane';
import { useSearchText } from '@/lib/search-text';

const route = getRouteApi('/app/inbox');
const INBOX_PLATFORMS = ['INSTAGRAM', 'FACEBOOK'];

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function InboxPage() {
  const search = route.useSearch();
  const { team } = route.useSearch({ select: (s) => ({ team: (s as { team?: string }).team }) });
  const navigate = route.useNavigate();
  const filters = useMemo(() => filtersOf(search), [search]);
  const teamId = team!;
  const conversations = useConversations(teamId, filters);
  const accounts = useTeamAccounts(teamId).data.filter((account) => INBOX_PLATFORMS.includes(account.type));
  const change = useChangeConversation();
  const searchBox = useRef<HTMLInputElement>(null);

  const list = useMemo(() => (conversations.data?.pages ?? []).flatMap((page) => page.items as Conversation[]), [conversations.data]);
  const total = conversations.data?.pages[0]?.total;
  const setSearch = useCallback(
    (change: Partial<InboxSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true }),
    [navigate],
  );
  // Opening a conversation from the list is a step of its own in the history, so the browser's back
  // (and the phone layout's back button) returns to the list; moving between conversations is not.
  const router = useRouter();
  const openedFromList = useRef(false);
  const open = search.conversation;
  const select = useCallback(
    (id: string) => {
      if (open) return setSearch({ conversation: id });
      openedFromList.current = true;
      void navigate({ search: (previous) => ({ ...previous, conversation: id }) });
    },
    [open, navigate, setSearch],
  );
  const backToList = useCallback(() => {
    if (openedFromList.current) router.history.back();
    else setSearch({ conversation: undefined });
    openedFromList.current = false;
  }, [router, setSearch]);
  const { fetchNextPage } = conversations;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  // Search as you type, one URL change per pause.
  const commitQuery = useCallback((q: string | undefined) => setSearch({ q }), [setSearch]);
  const [query, setQuery] = useSearchText(search.q, commitQuery);

  // Keyboard-first: j/k move, e archives, u shows only unread, r replies, / searches.
  const selectedIndex = list.findIndex((c) => c.id === search.conversation);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const move = (step: number) => {
        const next = list[Math.min(list.length - 1, Math.max(0, selectedIndex + step))];
        if (next) select(next.id);
      };
      const current = list[selectedIndex];
      switch (event.key) {
        case 'j':
          move(1);
          break;
        case 'k':
          move(selectedIndex < 0 ? 1 : -1);
          break;
        case 'e':
          if (current) change.mutate({ id: current.id, change: current.status === 'ARCHIVED' ? 'open' : 'archive' });
          break;
        case 'u':
          setSearch({ unread: search.unread ? undefined : true });
          break;
        case 'r':
          document.getElementById(REPLY_BOX_ID)?.focus();
          break;
        case '/':
          searchBox.current?.focus();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [list, selectedIndex, select, change, setSearch, search.unread]);

  const filtered = !!(filters.platform || filters.account || filters.unread || filters.q);
  return (
    // Below md there is room for one pane: the list, or the open conversation full-width (the URL says which).
    <div className="-my-4 flex h-[calc(100dvh-8.5rem)] min-h-[480px] flex-col gap-4 md:h-[calc(100dvh-6rem)] md:min-h-[560px] lg:-my-4">
      <div className={cn(open && 'max-md:hidden')}>
        <PageHeader title="Inbox" description="Direct messages across the team's Instagram and Facebook accounts." actions={<KeyboardHelp />} />
      </div>
      <Card className="flex min-h-0 flex-1 overflow-hidden">
        <div className={cn('flex w-full shrink-0 flex-col border-zinc-200 md:w-80 md:border-r xl:w-96', open && 'max-md:hidden')}>
          <div className="space-y-2 border-b border-zinc-200 p-3">
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
              <Input
                ref={searchBox}
                type="search"
                aria-label="Search conversations"
                placeholder="Search by name or @username  ( / )"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') event.currentTarget.blur();
                }}
                className="h-8 pl-8 text-sm"
              />
            </div>
            <div className="flex gap-2">
              <NativeSelect
                aria-label="Platform"
                value={filters.platform ?? ''}
                onChange={(e) => setSearch({ platform: (e.target.value || undefined) as InboxSearch['platform'] })}
                className="h-8 flex-1 text-xs"
              >
                <option value="">All platforms</option>
                <option value="INSTAGRAM">Instagram</option>
                <option value="FACEBOOK">Facebook</option>
              </NativeSelect>
              <NativeSelect
                aria-label="Account"
                value={filters.account ?? ''}
                onChange={(e) => setSearch({ account: e.target.value || undefined })}
                className="h-8 min-w-0 flex-1 text-xs"
              >
                <option value="">All accounts</option>
                {accounts.map((account) => (
                  <option key={account.id} value={account.id}>
                    @{account.username ?? account.displayName ?? account.id}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex items-center gap-2">
              <div role="radiogroup" aria-label="Status" className="inline-flex rounded-lg bg-zinc-100 p-0.5 text-xs font-medium">
                {(['OPEN', 'ARCHIVED'] as const).map((status) => (
                  <button
                    key={status}
                    type="button"
                    role="radio"
                    aria-checked={filters.status === status}
                    onClick={() => setSearch({ status, conversation: undefined })}
                    className={cn(
                      'rounded-md px-2.5 py-1',
                      filters.status === status ? 'bg-white text-zinc-900 shadow-xs' : 'text-zinc-500 hover:text-zinc-800',
                    )}
                  >
                    {status === 'OPEN' ? 'Open' : 'Archived'}
                  </button>
                ))}
              </div>
              <button
                type="button"
                aria-pressed={!!filters.unread}
                onClick={() => setSearch({ unread: filters.unread ? undefined : true })}
                className={cn(
                  'rounded-lg px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
                  filters.unread ? 'bg-accent-50 text-accent-700 ring-accent-200' : 'text-zinc-600 ring-zinc-200 hover:bg-zinc-50',
                )}
                title="Only unread (u)"
              >
                Unread only
              </button>
              <span className="ml-auto text-[11px] text-zinc-400" aria-live="polite">
                {total !== undefined ? `${total.toLocaleString()} conversation${total === 1 ? '' : 's'}` : ''}
              </span>
            </div>
          </div>
          <ConversationList
            conversations={list}
            total={total}
            selectedId={search.conversation}
            onSelect={select}
            loading={conversations.isPending}
            hasMore={!!conversations.hasNextPage}
            loadingMore={conversations.isFetchingNextPage}
            onLoadMore={loadMore}
            filtered={filtered}
          />
        </div>
        <div className={cn('flex min-w-0 flex-1 flex-col bg-white', !open && 'max-md:hidden')}>
          {open ? (
            <ConversationPane conversationId={open} onBack={backToList} />
          ) : (
            <EmptyState
              icon={MessagesSquare}
              title="Pick a conversation"
              description="Choose one on the left, or press j to open the newest."
              className="my-auto"
            />
          )}
        </div>
      </Card>
    </div>
  );
}

function KeyboardHelp() {
  const keys = [
    ['j / k', 'next / previous'],
    ['e', 'archive'],
    ['u', 'unread only'],
    ['r', 'reply'],
    ['/', 'search'],
    ['Ctrl+Enter', 'send'],
  ];
  return (
    <ul aria-label="Keyboard shortcuts" className="hidden flex-wrap gap-x-3 gap-y-1 text-[11px] text-zinc-500 md:flex">
      {keys.map(([key, what]) => (
        <li key={key}>
          <kbd className="rounded border border-zinc-200 bg-white px-1 font-sans text-zinc-700">{key}</kbd> {what}
        </li>
      ))}
    </ul>
  );
}

/** The organization is not enabled for DMs: say so, and how to change it. */
export function InboxDisabled() {
  return (
    <>
      <PageHeader title="Inbox" description="Instagram and Facebook direct messages in one unified inbox." />
      <Card>
        <EmptyState
          icon={MessageCircleOff}
          title="Direct messages are not enabled for this organization"
          description={
            <>
              The operator of this SocialDesk enables them per organization (<code className="text-xs">enable --org &lt;id&gt; dms</code>). Then reconnect your
              Instagram or Facebook accounts with messaging permissions and turn messaging on for each, from the Accounts page.
            </>
          }
        />
      </Card>
    </>
  );
}
