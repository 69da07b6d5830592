import { useQuery } from '@tanstack/react-query';
import { MapPin, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect as Select } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/api-client';
import { useCurrentTeamId } from '@/lib/team-selection';
import { instagramLocationsQueryOptions, subredditFlairsQueryOptions } from '../../api/get-lookups';
import type { ComposerValues } from '../../lib/composer-state';
import { FieldIssues } from '../controls';
import { allMessages } from './issues';
import type { OptionControlProps } from './types';

function useDebounced(value: string, ms = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Instagram's location (decision 090): the place is searched by name through the account
 * (`GET /misc/instagram/locations`) and chosen from the list; the id is what the post sends.
 */
export function InstagramLocationPicker({ field, value, issues, onChange }: OptionControlProps) {
  const id = useId();
  const teamId = useCurrentTeamId() ?? '';
  const [q, setQ] = useState('');
  const search = useDebounced(q.trim());
  const [chosenName, setChosenName] = useState<string | null>(null);
  const places = useQuery(instagramLocationsQueryOptions(teamId, search));
  const chosen = typeof value === 'string' && value ? value : null;
  const messages = allMessages(issues);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{field.label}</Label>
      {field.description ? <p className="text-xs text-zinc-500">{field.description}</p> : null}
      {chosen ? (
        <p className="flex items-center gap-2 rounded-lg border border-zinc-200 bg-zinc-50 px-2.5 py-1.5 text-sm text-zinc-800">
          <MapPin className="size-3.5 text-zinc-500" aria-hidden />
          <span className="flex-1">{chosenName ?? `Place ${chosen}`}</span>
          <Button type="button" variant="ghost" size="sm" aria-label="Remove the location" onClick={() => onChange(null)}>
            <X className="size-3.5" aria-hidden />
          </Button>
        </p>
      ) : null}
      <Input
        id={id}
        type="search"
        value={q}
        placeholder="Search a place: a café, a city…"
        aria-invalid={messages.length > 0 || undefined}
        onChange={(event) => setQ(event.target.value)}
      />
      {places.isError ? <p className="text-xs text-red-600">{errorMessage(places.error)}</p> : null}
      {places.data && search.length >= 2 ? (
        places.data.items.length ? (
          <ul aria-label="Places" className="max-h-48 divide-y divide-zinc-100 overflow-y-auto rounded-lg border border-zinc-200">
            {places.data.items.map((place) => (
              <li key={place.locationId}>
                <button
                  type="button"
                  className="w-full px-2.5 py-1.5 text-left text-sm hover:bg-zinc-50 focus:bg-zinc-50 focus:outline-none"
                  onClick={() => {
                    onChange(place.locationId);
                    setChosenName(place.name);
                    setQ('');
                  }}
                >
                  <span className="font-medium text-zinc-900">{place.name}</span>
                  {place.location?.city ? (
                    <span className="text-zinc-500"> · {[place.location.city, place.location.country].filter(Boolean).join(', ')}</span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-xs text-zinc-500">No place matches “{search}”.</p>
        )
      ) : null}
      <FieldIssues messages={messages} />
    </div>
  );
}

/**
 * Reddit's flair (decision 090): the flairs of the subreddit typed on the same tab
 * (`GET /misc/reddit/subreddit-flairs`), chosen by their text.
 */
export function RedditFlairPicker({ field, value, issues, onChange }: OptionControlProps) {
  const id = useId();
  const teamId = useCurrentTeamId() ?? '';
  const typed = useWatch<ComposerValues>({ name: 'drafts.REDDIT.options.sr' as never }) as unknown;
  const subreddit = typeof typed === 'string' ? typed.trim().replace(/^\/?r\//i, '') : '';
  const flairs = useQuery(subredditFlairsQueryOptions(teamId, subreddit));
  const chosen = typeof value === 'string' ? value : '';
  const messages = allMessages(issues);
  const list = (flairs.data ?? []).filter((flair) => flair.id);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{field.label}</Label>
      {field.description ? <p className="text-xs text-zinc-500">{field.description}</p> : null}
      <Select
        id={id}
        value={chosen}
        disabled={!subreddit || flairs.isPending}
        aria-invalid={messages.length > 0 || undefined}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">
          {!subreddit ? 'Choose the subreddit first' : flairs.isPending ? 'Loading flairs…' : list.length ? 'No flair' : 'This subreddit has no flairs'}
        </option>
        {list.map((flair) => (
          <option key={flair.id} value={flair.id}>
            {flair.text || flair.id}
            {flair.modOnly ? ' (moderators only)' : ''}
          </option>
        ))}
        {chosen && !list.some((flair) => flair.id === chosen) ? <option value={chosen}>{chosen}</option> : null}
      </Select>
      {flairs.isError ? <p className="text-xs text-red-600">{errorMessage(flairs.error)}</p> : null}
      <FieldIssues messages={messages} />
    </div>
  );
}
