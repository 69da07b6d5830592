import { z } from 'zod';
import type { FlowStatus } from '@server/automations/shared/automation-constants';

/**
 * The list's `?status=`. The statuses are spelled out (checked against FLOW_STATUSES in a test)
 * because the route file imports this, and importing the constants module would put all of it on
 * the first page (047).
 */
export const LIST_STATUSES = ['DRAFT', 'ACTIVE', 'PAUSED', 'ARCHIVED'] as const satisfies readonly FlowStatus[];

export const flowListSearch = z.object({ status: z.enum(LIST_STATUSES).optional().catch(undefined) });
