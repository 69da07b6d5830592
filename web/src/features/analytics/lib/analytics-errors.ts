import { errorMessage, isApiError } from '@/lib/api-client';

/** Analytics answer 403 to a FREE organization before anything else: a plan fact, not a failure. */
export function isPlanWithoutAnalytics(error: unknown): boolean {
  return isApiError(error, 403);
}

export const PLAN_WITHOUT_ANALYTICS = 'Analytics are part of the paid plans. Upgrade the organization’s plan to see how posts and accounts perform.';

/** What a failed "Refresh now" says: the 6-per-24-hours budget in plain words, anything else as the API put it. */
export function refreshFailure(error: unknown): string {
  if (isApiError(error, 429)) {
    const seconds = Number(/in (\d+) seconds/.exec(error.message)?.[1]);
    const when = Number.isFinite(seconds) ? ` The next one is possible ${waitText(seconds)}.` : '';
    return `All 6 refreshes of the last 24 hours are used.${when} Numbers still update on their own in the background.`;
  }
  return errorMessage(error);
}

function waitText(seconds: number): string {
  if (seconds < 90) return `in ${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `in about ${minutes} minutes`;
  return `in about ${Math.round(minutes / 60)} hours`;
}
