import { formatRelative } from '@/lib/format';

/** "Updated 3 minutes ago": the last moments (a server clock a little ahead included) read as "just now", not "in 0 seconds". */
export function updatedText(createdAt: string, count: number): string {
  const snapshots = `${count} snapshot${count === 1 ? '' : 's'}`;
  if (Date.now() - Date.parse(createdAt) < 45_000) return `Updated just now · ${snapshots}`;
  return `Updated ${formatRelative(createdAt)} · ${snapshots}`;
}
