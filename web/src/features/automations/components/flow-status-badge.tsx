import type { FlowStatus } from '@server/automations/shared/automation-constants';
import { Badge } from '@/components/ui/badge';

const TONES = { DRAFT: 'neutral', ACTIVE: 'success', PAUSED: 'warning', ARCHIVED: 'neutral' } as const;
const LABELS: Record<FlowStatus, string> = { DRAFT: 'Draft', ACTIVE: 'Active', PAUSED: 'Paused', ARCHIVED: 'Archived' };

export function FlowStatusBadge({ status }: { status: FlowStatus }) {
  return (
    <Badge tone={TONES[status]} data-status={status}>
      {LABELS[status]}
    </Badge>
  );
}
