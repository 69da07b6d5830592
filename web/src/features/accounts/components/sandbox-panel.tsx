import * as Tabs from '@radix-ui/react-tabs';
import { FlaskConical } from 'lucide-react';
import { useState, type Ref } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { useSandboxFaults } from '../api/get-sandbox-faults';
import type { SocialAccount } from '@/api/get-team-accounts';
import { useSendSandboxActivity, type SandboxActivity, type SendSandboxActivityInput } from '../api/send-sandbox-activity';
import { platformInfo, platformLabel } from '../lib/platforms';
import { NativeSelect } from '@/components/ui/native-select';
import {
  CommentForm,
  EchoForm,
  MessageForm,
  PostbackForm,
  ReactionForm,
  ReadForm,
  ReviewForm,
  type SandboxMemory,
  type SendActivity,
} from './sandbox-activity-forms';
import { SandboxFaults } from './sandbox-faults';
import { SandboxLog, type SandboxLogEntry } from './sandbox-log';

type Tab = SandboxActivity | 'faults';
type Capability = 'messaging' | 'comments' | 'reviews';

const TABS: { value: Tab; label: string; needs: Capability | null }[] = [
  { value: 'message', label: 'Direct message', needs: 'messaging' },
  { value: 'comment', label: 'Comment', needs: 'comments' },
  { value: 'postback', label: 'Quick reply / button', needs: 'messaging' },
  { value: 'reaction', label: 'Reaction', needs: 'messaging' },
  { value: 'read', label: 'Read receipt', needs: 'messaging' },
  { value: 'echo', label: 'Owner echo', needs: 'messaging' },
  { value: 'review', label: 'Review', needs: 'reviews' },
  { value: 'faults', label: 'Faults', needs: null },
];

const LOG_SIZE = 20;

function accountName(account: SocialAccount) {
  const username = account.username ?? account.userUsername;
  return `${platformLabel(account.type)} ${username ? `@${username}` : (account.displayName ?? '')}`.trim();
}

type SandboxPanelProps = { accounts: SocialAccount[]; selectedId: string | null; onSelect: (id: string) => void; ref?: Ref<HTMLElement> };

/** Plays the platform: sends inbound activity through the control API and shows the server's answers. */
export function SandboxPanel({ accounts, selectedId, onSelect, ref }: SandboxPanelProps) {
  const account = accounts.find((candidate) => candidate.id === selectedId) ?? accounts[0];
  const [tab, setTab] = useState<Tab>('message');
  const [memory, setMemory] = useState<Record<string, SandboxMemory>>({});
  const [log, setLog] = useState<SandboxLogEntry[]>([]);
  const emit = useSendSandboxActivity();
  // The control API is not mounted when the server runs with SANDBOX=false: platforms are real, no panel.
  const faults = useSandboxFaults();

  if (!account || isApiError(faults.error, 404)) return null;
  const supports = platformInfo(account.type).supports;
  const tabs = TABS.filter((candidate) => candidate.needs === null || supports[candidate.needs]);
  const current = tabs.some((candidate) => candidate.value === tab) ? tab : tabs[0]!.value;
  const remembered: SandboxMemory = memory[account.id] ?? { reviewIds: [] };
  const remember = (changes: Partial<SandboxMemory>) => setMemory((all) => ({ ...all, [account.id]: { ...remembered, ...changes } }));

  const record = (label: string, request: unknown, outcome: { ok: boolean; body: unknown; summary?: string }) =>
    setLog((entries) =>
      [
        {
          id: Date.now() + Math.random(),
          at: new Date().toISOString(),
          label,
          account: accountName(account),
          request,
          ok: outcome.ok,
          answer: outcome.body,
          summary: outcome.summary,
        },
        ...entries,
      ].slice(0, LOG_SIZE),
    );

  const send: SendActivity = async (activity, body) => {
    const label = TABS.find((candidate) => candidate.value === activity)!.label;
    try {
      // `send` pairs each activity with its body; TypeScript does not carry the pairing into one object.
      const result = await emit.mutateAsync({ activity, body } as SendSandboxActivityInput);
      record(label, body, { ok: true, body: result });
      const payload = result.items[0]?.payload as { messageId?: string; sender?: { id: string; name?: string }; reviewId?: string } | undefined;
      if (activity === 'message' && payload?.messageId && payload.sender) {
        remember({ lastMessage: { messageId: payload.messageId, senderId: payload.sender.id, senderName: payload.sender.name ?? null } });
      }
      if (activity === 'review' && payload?.reviewId && !remembered.reviewIds.includes(payload.reviewId)) {
        remember({ reviewIds: [payload.reviewId, ...remembered.reviewIds] });
      }
      return result;
    } catch (error) {
      record(label, body, { ok: false, body: error });
      throw error;
    }
  };

  const formProps = { account, memory: remembered, send };
  const messagingOff = supports.messaging && account.messagingStatus !== 'ENABLED';

  return (
    <Card ref={ref} id="sandbox" tabIndex={-1} aria-labelledby="sandbox-title" className="overflow-hidden border-amber-300 focus:outline-none">
      <div className="flex flex-col gap-4 border-b border-amber-200 bg-amber-50/70 px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <h2 id="sandbox-title" className="flex items-center gap-2 text-sm font-semibold text-zinc-900">
            <Badge tone="warning">
              <FlaskConical className="size-3" aria-hidden />
              Sandbox
            </Badge>
            Simulate platform activity
          </h2>
          <p className="max-w-2xl text-sm text-amber-900/80">
            Nothing here reaches a real platform. The sandbox plays the platform: what you send enters the service through the same path as a live platform's
            webhook, so the inbox, comments, reviews and automations react as they would.
          </p>
        </div>
        <div className="w-full shrink-0 space-y-1.5 sm:w-64">
          <Label htmlFor="sandbox-account">Account</Label>
          <NativeSelect id="sandbox-account" value={account.id} onChange={(event) => onSelect(event.target.value)}>
            {accounts.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {accountName(candidate)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <Tabs.Root value={current} onValueChange={(value) => setTab(value as Tab)} orientation="vertical" className="grid md:grid-cols-[13rem_1fr]">
        <Tabs.List aria-label="Activity to send" className="flex gap-1 overflow-x-auto border-b border-zinc-100 p-3 md:flex-col md:border-r md:border-b-0">
          {tabs.map((candidate) => (
            <Tabs.Trigger
              key={candidate.value}
              value={candidate.value}
              className="rounded-md px-3 py-1.5 text-left text-sm whitespace-nowrap text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 data-[state=active]:bg-amber-100/70 data-[state=active]:font-medium data-[state=active]:text-amber-950"
            >
              {candidate.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="min-w-0 p-5">
          {messagingOff && TABS.find((candidate) => candidate.value === current)?.needs === 'messaging' ? (
            <p role="note" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Direct messages are off for this account: the service stores what you send here as ignored. Enable them on the account card first.
            </p>
          ) : null}
          <Tabs.Content value="message" key={`message-${account.id}`}>
            <MessageForm {...formProps} />
          </Tabs.Content>
          <Tabs.Content value="comment" key={`comment-${account.id}`}>
            <CommentForm {...formProps} onPublished={(item) => remember({ lastItem: item })} />
          </Tabs.Content>
          <Tabs.Content value="postback" key={`postback-${account.id}-${remembered.lastMessage?.messageId}`}>
            <PostbackForm {...formProps} />
          </Tabs.Content>
          <Tabs.Content value="reaction" key={`reaction-${account.id}-${remembered.lastMessage?.messageId}`}>
            <ReactionForm {...formProps} />
          </Tabs.Content>
          <Tabs.Content value="read" key={`read-${account.id}-${remembered.lastMessage?.messageId}`}>
            <ReadForm {...formProps} />
          </Tabs.Content>
          <Tabs.Content value="echo" key={`echo-${account.id}-${remembered.lastMessage?.messageId}`}>
            <EchoForm {...formProps} />
          </Tabs.Content>
          <Tabs.Content value="review" key={`review-${account.id}-${remembered.reviewIds.length}`}>
            <ReviewForm {...formProps} />
          </Tabs.Content>
          <Tabs.Content value="faults" key={`faults-${account.id}`}>
            <SandboxFaults account={account} onSent={record} />
          </Tabs.Content>
        </div>
      </Tabs.Root>
      <SandboxLog entries={log} />
    </Card>
  );
}
