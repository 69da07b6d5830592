import { formatRelative } from '../../../lib/format';

/** "Updated 3 minutes ago": a server clock a moment ahead of the browser's still reads as now, not "in 0 seconds". */
export function updatedText(createdAt: string, count: number): string {
  const at = new Date(Math.min(Date.parse(createdAt), Date.now())).toISOString();
  return `Updated ${formatRelative(at)} · ${count} snapshot${count === 1 ? '' : 's'}`;
}
