import * as Tabs from '@radix-ui/react-tabs';
import { CircleAlert } from 'lucide-react';
import type { Upload } from '@/api/get-uploads';
import { PlatformIcon } from '@/components/platform-icon';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { platformLabel, type PostPlatform } from '@/lib/post-platforms';
import type { Issue } from '../../lib/composer-state';
import { PlatformPanel } from '../platform-panel';

type PlatformTabsProps = {
  platforms: PostPlatform[];
  tab: PostPlatform;
  onTab: (platform: PostPlatform) => void;
  /** Per platform: `data.<PLATFORM>` as it will be sent, and its issues. */
  data: Partial<Record<PostPlatform, Record<string, unknown>>>;
  issues: Partial<Record<PostPlatform, Issue[]>>;
  uploads: Upload[];
};

/** One tab per chosen platform, its number of problems in its name; the tabs wrap onto more rows rather than scroll out of sight. */
export function PlatformTabs({ platforms, tab, onTab, data, issues, uploads }: PlatformTabsProps) {
  return (
    <Card>
      <Tabs.Root value={tab} onValueChange={(value) => onTab(value as PostPlatform)}>
        <Tabs.List aria-label="Platforms" className="flex flex-wrap gap-x-1 border-b border-zinc-200 px-3 pt-2">
          {platforms.map((platform) => {
            const count = issues[platform]?.length ?? 0;
            return (
              <Tabs.Trigger
                key={platform}
                value={platform}
                className={cn(
                  '-mb-px flex items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-zinc-500 hover:text-zinc-800',
                  'data-[state=active]:border-accent-600 data-[state=active]:text-zinc-900',
                )}
              >
                <PlatformIcon platform={platform} />
                {platformLabel(platform)}
                {count > 0 ? (
                  <span className="flex items-center gap-0.5 rounded-full bg-red-50 px-1.5 text-xs text-red-700 ring-1 ring-red-200">
                    <CircleAlert className="size-3" aria-hidden />
                    {count}
                    <span className="sr-only">{count === 1 ? ' problem' : ' problems'}</span>
                  </span>
                ) : null}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        {platforms.map((platform) => (
          <Tabs.Content key={platform} value={platform} className="p-5 focus:outline-none">
            <PlatformPanel platform={platform} data={data[platform] ?? {}} issues={issues[platform] ?? []} uploads={uploads} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Card>
  );
}
