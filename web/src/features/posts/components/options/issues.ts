import type { Issue } from '../../lib/composer-state';

export type { Issue };

/** The issues under `key`, with paths relative to it: what a nested control passes to its part. */
export function issuesUnder(issues: Issue[], key: string | number): Issue[] {
  return issues.filter((issue) => issue.path[0] === key).map((issue) => ({ ...issue, path: issue.path.slice(1) }));
}

/** Messages about the control itself (not one of its parts), without repeats. */
export function ownMessages(issues: Issue[]): string[] {
  return [...new Set(issues.filter((issue) => issue.path.length === 0).map((issue) => issue.message))];
}

/** Every message under a control, items named by their position (`Item 2: ...`): for controls without parts of their own. */
export function allMessages(issues: Issue[], item = 'Item'): string[] {
  return [...new Set(issues.map((issue) => (typeof issue.path[0] === 'number' ? `${item} ${issue.path[0] + 1}: ${issue.message}` : issue.message)))];
}
