import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown, Search, X } from 'lucide-react';
import { useCallback, useId } from 'react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect as Select } from '@/components/ui/native-select';
import { hasFilters, type ReviewListSearch } from '../lib/list-search';
import { StarRating } from './star-rating';
import { useSearchText } from '@/lib/search-text';

type ReviewFiltersProps = { search: ReviewListSearch; onChange: (change: Partial<ReviewListSearch>) => void; onClear: () => void };

const RATINGS = [5, 4, 3, 2, 1] as const;

function ratingSummary(chosen: number[]): string {
  if (chosen.length === 0) return 'All ratings';
  const sorted = [...chosen].sort();
  return sorted.length === 2 && sorted[0] === 1 && sorted[1] === 2 ? '1–2 stars' : `${sorted.join(', ')} stars`;
}

export function ReviewFilters({ search, onChange, onClear }: ReviewFiltersProps) {
  const id = useId();
  const commitQuery = useCallback((q: string | undefined) => onChange({ q }), [onChange]);
  const [text, setText] = useSearchText(search.q, commitQuery);
  const chosen = search.rating ?? [];

  return (
    <div role="search" aria-label="Filter reviews" className="flex flex-wrap items-end gap-3 border-b border-zinc-200 px-5 py-4">
      <div className="min-w-48 flex-1 space-y-1.5">
        <Label htmlFor={`${id}-q`}>Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
          <Input
            id={`${id}-q`}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && event.currentTarget.blur()}
            placeholder="Reviewer, review or reply"
            aria-keyshortcuts="/"
            data-review-search
            className="pl-8"
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <span className="block text-sm font-medium text-zinc-800" id={`${id}-rating`}>
          Rating
        </span>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="secondary" aria-labelledby={`${id}-rating ${id}-rating-value`} className="min-w-32 justify-between">
              <span id={`${id}-rating-value`}>{ratingSummary(chosen)}</span>
              <ChevronDown className="size-4 text-zinc-400" aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            {RATINGS.map((rating) => (
              <Menu.CheckboxItem
                key={rating}
                checked={chosen.includes(rating)}
                // Keep the menu open to pick several.
                onSelect={(event) => event.preventDefault()}
                onCheckedChange={(checked) => {
                  const next = checked ? [...chosen, rating] : chosen.filter((value) => value !== rating);
                  onChange({ rating: next.length ? next.sort() : undefined });
                }}
                className="relative flex cursor-default items-center gap-2 rounded-md py-1.5 pr-8 pl-2 text-sm text-zinc-700 outline-none select-none data-[highlighted]:bg-zinc-100"
              >
                <StarRating value={rating} />
                <Menu.ItemIndicator className="absolute right-2 text-accent-600">
                  <Check className="size-4" aria-hidden />
                </Menu.ItemIndicator>
              </Menu.CheckboxItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <div className="w-36 space-y-1.5">
        <Label htmlFor={`${id}-replied`}>Reply</Label>
        <Select
          id={`${id}-replied`}
          value={search.replied ?? ''}
          onChange={(event) => onChange({ replied: (event.target.value || undefined) as ReviewListSearch['replied'] })}
        >
          <option value="">Any</option>
          <option value="no">Not replied</option>
          <option value="yes">Replied</option>
        </Select>
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
