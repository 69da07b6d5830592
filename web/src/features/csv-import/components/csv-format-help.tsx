import { Download } from 'lucide-react';
import { Card, CardHeader } from '@/components/ui/card';

const EXAMPLE = [
  'date,timezone,accounts,text,media,YOUTUBE.privacy,referenceKey',
  '2026-12-01 09:30,Europe/Paris,MASTODON;BLUESKY,Advent calendar: day 1,,,advent-1',
  '2026-12-02T18:00:00-05:00,,YOUTUBE,Behind the scenes,https://cdn.example.com/bts.mp4,UNLISTED,advent-2',
].join('\n');

const COLUMNS: [string, string][] = [
  ['date', 'With an offset (2026-12-01T09:30+01:00), or local with a timezone column'],
  ['timezone', 'Europe/Paris, America/New_York, UTC'],
  ['accounts', 'MASTODON; INSTAGRAM:@name; or account ids, separated by ;'],
  ['text', 'The text for every platform of the row'],
  ['media', 'Upload ids or https URLs, separated by ;'],
  ['PLATFORM.option', 'Any post option: YOUTUBE.privacy, REDDIT.sr…'],
  ['referenceKey', 'Optional: your own key for the post'],
];

/** The columns in short, with an example file to start from (docs/csv-import.md has the whole format). */
export function CsvFormatHelp() {
  return (
    <Card aria-label="CSV format">
      <CardHeader title="The file" description="A header row, then one row a post." />
      <dl className="space-y-2 px-5 py-4 text-sm">
        {COLUMNS.map(([name, meaning]) => (
          <div key={name}>
            <dt className="font-mono text-xs font-medium text-zinc-900">{name}</dt>
            <dd className="text-zinc-500">{meaning}</dd>
          </div>
        ))}
      </dl>
      <div className="border-t border-zinc-200 px-5 py-3">
        <a
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(EXAMPLE)}`}
          download="socialdesk-posts-example.csv"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-700 hover:text-accent-800"
        >
          <Download className="size-4" aria-hidden />
          Download an example
        </a>
      </div>
    </Card>
  );
}
