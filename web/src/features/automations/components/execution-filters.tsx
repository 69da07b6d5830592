import { X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { EXECUTION_STATUSES, type ExecutionStatus } from '@server/automations/shared/automation-constants';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { ExecutionFilters as Filters, ExecutionPlatform } from '../api/executions';
import type { Flow } from '../api/flows';
import { useFlowVersions, VERSIONS_PAGE } from '../api/flow-versions';

const PLATFORMS: { value: ExecutionPlatform; label: string }[] = [
  { value: 'INSTAGRAM', label: 'Instagram' },
  { value: 'FACEBOOK', label: 'Facebook' },
  { value: 'TIKTOK', label: 'TikTok' },
];

const titleCase = (value: string) => value.charAt(0) + value.slice(1).toLowerCase();

type Props = { flow: Flow; filters: Filters; onChange: (filters: Filters) => void };

/** The filters the executions API takes; every change starts the list again from its newest run. */
export function ExecutionFilters({ flow, filters, onChange }: Props) {
  const versions = useFlowVersions(flow.id, VERSIONS_PAGE).data?.items ?? [];
  const [conversation, setConversation] = useState(filters.conversationId ?? '');
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  return (
    <div role="group" aria-label="Run filters" className="flex flex-wrap items-end gap-2 border-b border-zinc-200 px-4 py-2">
      <Filter label="Status" id="run-status">
        <NativeSelect
          id="run-status"
          className="h-8"
          value={filters.status ?? ''}
          onChange={(event) => set({ status: (event.target.value || undefined) as ExecutionStatus | undefined })}
        >
          <option value="">All</option>
          {EXECUTION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {titleCase(value)}
            </option>
          ))}
        </NativeSelect>
      </Filter>
      <Filter label="Platform" id="run-platform">
        <NativeSelect
          id="run-platform"
          className="h-8"
          value={filters.platform ?? ''}
          onChange={(event) => set({ platform: (event.target.value || undefined) as ExecutionPlatform | undefined })}
        >
          <option value="">All</option>
          {PLATFORMS.map((platform) => (
            <option key={platform.value} value={platform.value}>
              {platform.label}
            </option>
          ))}
        </NativeSelect>
      </Filter>
      <Filter label="Version" id="run-version">
        <NativeSelect
          id="run-version"
          className="h-8"
          value={filters.flowVersionId ?? ''}
          onChange={(event) => set({ flowVersionId: event.target.value || undefined })}
        >
          <option value="">All</option>
          {versions.map((version) => (
            <option key={version.id} value={version.id}>
              v{version.version}
              {version.live ? ' (live)' : ''}
            </option>
          ))}
          {/* Test runs of the draft record the draft's version. */}
          {flow.draftVersion ? <option value={flow.draftVersion.id}>Draft v{flow.draftVersion.version} (test runs)</option> : null}
        </NativeSelect>
      </Filter>
      <form
        className="flex items-end gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          set({ conversationId: conversation.trim() || undefined });
        }}
      >
        <Filter label="Conversation id" id="run-conversation" wide>
          <Input
            id="run-conversation"
            className="h-8"
            value={conversation}
            placeholder="Enter to apply"
            onChange={(event) => setConversation(event.target.value)}
          />
        </Filter>
        {filters.conversationId ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label="Clear the conversation filter"
            onClick={() => {
              setConversation('');
              set({ conversationId: undefined });
            }}
          >
            <X className="size-4" aria-hidden />
          </Button>
        ) : null}
      </form>
    </div>
  );
}

function Filter({ label, id, wide, children }: { label: string; id: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'w-48' : 'w-36'}>
      <label htmlFor={id} className="mb-1 block text-xs text-zinc-600">
        {label}
      </label>
      {children}
    </div>
  );
}
