import type { ErrorOption, FieldError, FieldErrors } from 'react-hook-form';
import type { PostPlatform } from '@/lib/post-platforms';
import type { ComposerValues, Issue } from './composer-state';
import { platformFields } from './option-fields';

/**
 * Issues about `data.<PLATFORM>` (from its schema, its media rules or the API's `400`) live in the
 * form's errors on the field they are about, so `aria-invalid` and the messages come from
 * react-hook-form. A field can hold several issues: each is kept in the error's `types` under its
 * position in the platform's list, so the tab lists them in the order the rules gave them.
 */

export type PlatformIssue = Issue & { platform: PostPlatform };

/** Where an issue at `path` inside `data.<PLATFORM>` sits in the form. */
export function fieldPathOf(platform: PostPlatform, path: Issue['path']): (string | number)[] {
  const base = ['drafts', platform];
  const [head, ...rest] = path;
  if (head === undefined) return base;
  if (head === 'text' || head === 'firstComment') return [...base, head, ...rest];
  if (head === 'uploadIds') return [...base, 'media', ...rest];
  const raw = platformFields(platform).options.some((field) => field.key === head && field.kind === 'json');
  return [...base, raw ? 'json' : 'options', head, ...rest];
}

/** The inverse of `fieldPathOf`, from below `drafts.<PLATFORM>`. */
function dataPathOf([head, ...rest]: (string | number)[]): Issue['path'] {
  if (head === undefined) return [];
  if (head === 'media') return ['uploadIds', ...rest];
  if (head === 'options' || head === 'json') return rest;
  return [head, ...rest];
}

/** The issues as react-hook-form errors, one per field (`drafts.TWITTER.options.poll.options.1`). */
export function fieldErrorsOf(issues: PlatformIssue[], type: string): [string, ErrorOption][] {
  const byField = new Map<string, { type: string; message: string; types: Record<number, string> }>();
  const position = new Map<PostPlatform, number>();
  for (const { platform, path, message } of issues) {
    const name = fieldPathOf(platform, path).join('.');
    const index = position.get(platform) ?? 0;
    position.set(platform, index + 1);
    const error = byField.get(name) ?? { type, message, types: {} };
    error.types[index] = message;
    byField.set(name, error);
  }
  return [...byField];
}

/** The same errors as one tree, what a resolver returns. */
export function errorTreeOf(issues: PlatformIssue[], type: string): FieldErrors<ComposerValues> {
  const tree: Record<string, unknown> = {};
  for (const [name, error] of fieldErrorsOf(issues, type)) {
    let node = tree;
    for (const key of name.split('.')) node = (node[key] ??= {}) as Record<string, unknown>;
    Object.assign(node, error);
  }
  return tree as FieldErrors<ComposerValues>;
}

type Found = { position: number; path: (string | number)[]; message: string };

function collect(node: unknown, path: (string | number)[], found: Found[]) {
  if (!node || typeof node !== 'object') return;
  const { message, types } = node as FieldError;
  const listed = types ? Object.entries(types) : [];
  for (const [key, text] of listed) {
    const position = /^\d+$/.test(key) ? Number(key) : Number.MAX_SAFE_INTEGER;
    for (const one of [text].flat()) if (typeof one === 'string') found.push({ position, path, message: one });
  }
  if (listed.length === 0 && typeof message === 'string' && message) found.push({ position: Number.MAX_SAFE_INTEGER, path, message });
  // Fields are objects; an error's own `type` and `message` are strings, its `ref` an element.
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'ref' && key !== 'types' && child && typeof child === 'object') collect(child, [...path, /^\d+$/.test(key) ? Number(key) : key], found);
  }
}

/** Every issue under an error (a field's, or a platform's whole draft), paths relative to it, in their order. */
export function issuesIn(error: unknown): Issue[] {
  const found: Found[] = [];
  collect(error, [], found);
  return found.sort((a, b) => a.position - b.position).map(({ path, message }) => ({ path, message }));
}

/** A platform's issues as `data.<PLATFORM>` paths, as the tab lists them. */
export function platformIssuesIn(errors: FieldErrors<ComposerValues>, platform: PostPlatform): Issue[] {
  return issuesIn(errors.drafts?.[platform]).map((issue) => ({ ...issue, path: dataPathOf(issue.path) }));
}
