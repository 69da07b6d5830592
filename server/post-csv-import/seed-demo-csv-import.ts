import type { AppServices } from '../services';
import { createCsvImport, runCsvImport } from './post-csv-import.service';

type Scope = { organizationId: string; teamId: string };

/** A local date `days` ahead, as the CSV writes it with a timezone column. */
function localDay(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/**
 * The demo's CSV import: a small planning sheet imported before the newcomer arrives, three rows
 * scheduled and one refused (too long for Mastodon), so the import page shows a finished import
 * with a failed row and the posts list has the rows' posts.
 */
export async function seedDemoCsvImport(services: AppServices, scope: Scope) {
  const rows = [
    'date,time,timezone,accounts,text,referenceKey',
    `${localDay(4)},08:00,Europe/London,MASTODON;BLUESKY,"Tasting Saturday: three Kenyan lots side by side, 10 to 12.",demo-csv-tasting`,
    `${localDay(5)},12:30,Europe/London,LINKEDIN,"Our roastery now runs on 100% renewable electricity. Here is what changed.",demo-csv-energy`,
    `${localDay(6)},17:00,Europe/London,BLUESKY,"Closing early on Sunday for the staff party. Back Monday at 8!",demo-csv-closing`,
    `${localDay(6)},09:00,Europe/London,MASTODON,"${'A very long roasting diary entry. '.repeat(20).trim()}",demo-csv-diary`,
  ].join('\n');
  const created = await createCsvImport(
    services,
    { organizationId: scope.organizationId },
    { text: rows, fileName: 'december-planning.csv', teamId: scope.teamId, skipRows: [] },
    { enqueue: false },
  );
  // Run here so the first start shows it finished.
  await runCsvImport(services, created.id);
}
