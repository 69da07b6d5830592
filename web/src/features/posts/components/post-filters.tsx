import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown, Search, X } from 'lucide-react';
import { useCallback, useId } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { POST_STATUS_INFO, platformLabel, type PostPlatform, type PostStatus } from '@/lib/post-platforms';
import { hasFilters, type PostListSearch } from '../lib/list-search';
import { NativeSelect as Select } from '@/components/ui/native-select';
import { useSearchText } from '@/lib/search-text';

type PostFiltersProps = { search: PostListSearch; platforms: PostPlatform[]; onChange: (change: Partial<PostListSearch>) => void; onClear: () => void };

export function PostFilters({ search, platforms, onChange, onClear }: PostFiltersProps) {
  const id = useId();
  const commitQuery = useCallback((q: string | undefined) => onChange({ q }), [onChange]);
  const [text, setText] = useSearchText(search.q, commitQuery);
  const chosen = search.platforms ?? [];

  return (
    <div role="search" aria-label="Filter posts" className="flex flex-wrap items-end gap-3 border-b border-zinc-200 px-5 py-4">
      <div className="min-w-48 flex-1 space-y-1.5">
        <Label htmlFor={`${id}-q`}>Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
          <Input id={`${id}-q`} type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Title or text" className="pl-8" />
        </div>
      </div>
      <div className="w-40 space-y-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select
          id={`${id}-status`}
          value={search.status ?? ''}
          onChange={(event) => onChange({ status: (event.target.value || undefined) as PostStatus | undefined })}
        >
          <option value="">All but deleted</option>
          {(Object.keys(POST_STATUS_INFO) as PostStatus[]).map((status) => (
            <option key={status} value={status}>
              {POST_STATUS_INFO[status].label}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1.5">
        <span className="block text-sm font-medium text-zinc-800" id={`${id}-platforms`}>
          Platforms
        </span>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="secondary" aria-labelledby={`${id}-platforms ${id}-platforms-value`} className="min-w-36 justify-between">
              <span id={`${id}-platforms-value`}>{chosen.length === 0 ? 'All platforms' : chosen.map(platformLabel).join(', ')}</span>
              <ChevronDown className="size-4 text-zinc-400" aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            {platforms.map((platform) => (
              <Menu.CheckboxItem
                key={platform}
                checked={chosen.includes(platform)}
                // Keep the menu open to pick several.
                onSelect={(event) => event.preventDefault()}
                onCheckedChange={(checked) => {
                  const next = checked ? [...chosen, platform] : chosen.filter((p) => p !== platform);
                  onChange({ platforms: next.length ? next : undefined });
                }}
                className="relative flex cursor-default items-center gap-2 rounded-md py-1.5 pr-8 pl-2 text-sm text-zinc-700 outline-none select-none data-[highlighted]:bg-zinc-100"
              >
                <PlatformIcon platform={platform} />
                {platformLabel(platform)}
                <Menu.ItemIndicator className="absolute right-2 text-accent-600">
                  <Check className="size-4" aria-hidden />
                </Menu.ItemIndicator>
              </Menu.CheckboxItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={search.from ?? ''}
          max={search.to}
          onChange={(event) => onChange({ from: event.target.value || undefined })}
          className="w-40"
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={search.to ?? ''}
          min={search.from}
          onChange={(event) => onChange({ to: event.target.value || undefined })}
          className="w-40"
        />
      </div>
      {hasFilters(search) ? (
        <Button variant="ghost" onClick={onClear}>
          <X className="size-4" aria-hidden />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
