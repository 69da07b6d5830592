import type { ReactNode } from 'react';
import { useController, type FieldPath } from 'react-hook-form';
import type { PostPlatform } from '@/lib/post-platforms';
import { issuesIn } from '../lib/composer-errors';
import type { ComposerValues } from '../lib/composer-state';
import type { OptionField } from '../lib/option-fields';
import { InstagramLocationPicker, RedditFlairPicker } from './options/lookup-pickers';
import { ObjectControl } from './options/object-control';
import { ObjectListControl } from './options/object-list-control';
import { NestedControlContext } from './options/nested-control';
import { PollControl } from './options/poll-control';
import { ScalarControl } from './options/scalar-control';
import { ThreadControl } from './options/thread-control';
import { TIKTOK_CREATOR_FIELDS, TikTokCreatorControl } from './options/tiktok-creator-controls';
import type { OptionControlProps, UploadChoice } from './options/types';

export type { UploadChoice };

/** Whether the option takes the panel's full width (groups, lists of items, long text). */
export function isWide(field: OptionField): boolean {
  return (
    field.kind === 'object' || field.kind === 'objectList' || field.kind === 'json' || field.kind === 'uploads' || (field.kind === 'string' && field.multiline)
  );
}

/**
 * One option of a platform as the control its schema calls for. Nested options get controls of their
 * own: X's poll and thread, lists of items (carousel slides, tagged people) and small objects, one field per key.
 */
export function OptionControl(props: OptionControlProps) {
  return (
    <NestedControlContext.Provider value={OptionControl}>
      <ControlFor {...props} />
    </NestedControlContext.Provider>
  );
}

function ControlFor(props: OptionControlProps) {
  const { field } = props;
  if (field.kind === 'object') {
    // X's poll: choices as a list of inputs and a duration to pick.
    if (field.fields.some((inner) => inner.key === 'durationMinutes')) return <PollControl {...props} field={field} />;
    return <ObjectControl {...props} field={field} />;
  }
  if (field.kind === 'objectList') {
    if (field.key === 'thread') return <ThreadControl {...props} field={field} />;
    return <ObjectListControl {...props} field={field} />;
  }
  return <ScalarControl {...props} field={field} />;
}

type PlatformOptionProps = { platform: PostPlatform; field: OptionField; uploads: UploadChoice[]; action?: ReactNode };

/**
 * An option of a platform's tab, bound to its place in the composer's form: `drafts.<PLATFORM>.options.<key>`,
 * or `.json.<key>` for the raw text of a JSON option. Its parts (a poll's choices, a slide's alt text)
 * are edited within that one value, and their issues come from the errors under it.
 */
export function PlatformOption({ platform, field, uploads, action }: PlatformOptionProps) {
  const json = field.kind === 'json';
  const name = `drafts.${platform}.${json ? 'json' : 'options'}.${field.key}` as FieldPath<ComposerValues>;
  // Not exact: an error set on one of its parts (the API's, at `…poll.options.1`) must show here too.
  const { field: control, fieldState } = useController<ComposerValues>({ name, exact: false, defaultValue: json ? '' : undefined });
  // Ids the API can look up are chosen from a list, not typed (decision 090).
  const Picker =
    platform === 'INSTAGRAM' && field.key === 'locationId'
      ? InstagramLocationPicker
      : platform === 'REDDIT' && field.key === 'flairId'
        ? RedditFlairPicker
        : null;
  // TikTok's privacy and interaction switches follow the creator's settings (decision 092).
  if (platform === 'TIKTOK' && TIKTOK_CREATOR_FIELDS.has(field.key)) {
    return <TikTokCreatorControl field={field} value={control.value} issues={issuesIn(fieldState.error)} uploads={uploads} onChange={control.onChange} />;
  }
  if (Picker) return <Picker field={field} value={control.value} issues={issuesIn(fieldState.error)} uploads={uploads} onChange={control.onChange} />;
  return (
    <OptionControl field={field} value={control.value} issues={issuesIn(fieldState.error)} uploads={uploads} onChange={control.onChange} action={action} />
  );
}
