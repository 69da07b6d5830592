import type { OptionField } from '../lib/option-fields';
import { ObjectControl } from './options/object-control';
import { ObjectListControl } from './options/object-list-control';
import { NestedControlContext } from './options/nested-control';
import { PollControl } from './options/poll-control';
import { ScalarControl } from './options/scalar-control';
import { ThreadControl } from './options/thread-control';
import type { OptionControlProps } from './options/types';

export type { UploadChoice } from './options/types';

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
