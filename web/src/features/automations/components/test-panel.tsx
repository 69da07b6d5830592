import { FlaskConical, X } from 'lucide-react';
import { useState } from 'react';
import { CONVERSATION_TRIGGERS } from '@server/automations/shared/automation-constants';
import type { TriggerInput } from '@server/automations/shared/flow-definition';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import type { Execution } from '../api/executions';
import { useTestRun } from '../api/test-run';
import { ExecutionDetail, RunStatus } from './execution-detail';
import { CommentPicker, ConversationPicker, type TestSubject } from './test-pickers';

type Props = {
  flowId: string;
  teamId: string;
  /** The editor's trigger: what the test will run once the draft is saved. */
  trigger: TriggerInput;
  dirty: boolean;
  /** Saves the draft; false when it was refused (the problems are on the nodes). */
  onSave: () => Promise<boolean>;
  execution: Execution | null;
  onExecution: (execution: Execution | null) => void;
};

type Extras = { text: string; payload: string; senderExternalId: string };

/**
 * Runs the saved draft once, now, on a conversation or comment picked from the account's, and
 * hands the execution to the builder, which lights each node with its step's result. The API
 * tests the saved draft: unsaved changes are saved first. The spec says tests really send and
 * count toward quotas, so the panel says so before the button.
 */
export function TestPanel({ flowId, teamId, trigger, dirty, onSave, execution, onExecution }: Props) {
  const inConversation = CONVERSATION_TRIGGERS.includes(trigger.type);
  // What the pick was made from: a pick from another account, post or trigger kind no longer applies.
  const scope = inConversation ? `conversation:${trigger.socialAccountId}` : `comment:${trigger.postId}`;
  const [choice, setChoice] = useState<{ scope: string; subject: TestSubject } | null>(null);
  const picked = choice?.scope === scope ? choice.subject : null;
  const [extras, setExtras] = useState<Extras>({ text: '', payload: '', senderExternalId: '' });
  const [saving, setSaving] = useState(false);
  const test = useTestRun(flowId);
  const field = (key: keyof Extras) => ({
    value: extras[key],
    onChange: (event: { target: { value: string } }) => setExtras((previous) => ({ ...previous, [key]: event.target.value })),
  });

  const run = async () => {
    if (!picked) return;
    if (dirty) {
      setSaving(true);
      const saved = await onSave().finally(() => setSaving(false));
      if (!saved) return;
    }
    const input = {
      ...(inConversation ? { conversationId: picked.id, payload: extras.payload || undefined } : { fetchedCommentId: picked.id }),
      text: extras.text || undefined,
      senderExternalId: extras.senderExternalId || picked.senderExternalId || undefined,
    };
    onExecution(await test.mutateAsync(input).catch(() => null));
  };

  const pickerProps = { teamId, trigger, value: picked?.id ?? null, onChange: (subject: TestSubject) => setChoice({ scope, subject }) };
  return (
    <div className="space-y-4">
      <form
        aria-label="Test run"
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        <fieldset className="space-y-1.5">
          <legend className="mb-1.5 text-sm font-medium text-zinc-900">{inConversation ? 'Run in a conversation' : 'Run on a comment of the post'}</legend>
          {inConversation ? <ConversationPicker {...pickerProps} /> : <CommentPicker {...pickerProps} />}
        </fieldset>
        <Field
          id="test-text"
          label="Text for conditions"
          placeholder={inConversation ? 'What TEXT conditions read' : 'Empty: the comment’s text'}
          {...field('text')}
        />
        {inConversation ? <Field id="test-payload" label="Payload for conditions" placeholder="What PAYLOAD conditions read" {...field('payload')} /> : null}
        <Field id="test-sender" label="Sender id" placeholder={picked?.senderExternalId ?? 'Empty: the picked person’s id'} {...field('senderExternalId')} />
        <p className="text-xs text-zinc-500">
          {dirty ? 'Your changes are saved to the draft first. ' : ''}A test runs the draft once: it really sends its messages and counts as a run. Trigger
          matching and delays are skipped; conditions still run.
        </p>
        <Button type="submit" pending={saving || test.isPending} disabled={!picked}>
          <FlaskConical className="size-4" aria-hidden />
          {dirty ? 'Save and run test' : 'Run test'}
        </Button>
        {!picked ? <p className="text-xs text-zinc-500">Pick {inConversation ? 'a conversation' : 'a comment'} to run the test on.</p> : null}
      </form>
      {test.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          The test did not run: {errorMessage(test.error)}
        </p>
      ) : null}
      {execution ? <TestOutcome execution={execution} onClear={() => onExecution(null)} /> : null}
    </div>
  );
}

function TestOutcome({ execution, onClear }: { execution: Execution; onClear: () => void }) {
  return (
    <section aria-label="Last test run" className="space-y-2 border-t border-zinc-200 pt-3 text-sm">
      <div className="flex items-center gap-2">
        <span className="font-medium text-zinc-900">Last test</span>
        <RunStatus status={execution.status} />
        <Button variant="ghost" size="sm" className="ml-auto" onClick={onClear} aria-label="Clear the test result">
          <X className="size-3.5" aria-hidden />
          Clear
        </Button>
      </div>
      <p className="text-xs text-zinc-500">Each node on the canvas shows its step’s result.</p>
      <details>
        <summary className="cursor-pointer text-zinc-600">Steps, input and errors</summary>
        <div className="mt-2">
          <ExecutionDetail execution={execution} />
        </div>
      </details>
    </section>
  );
}

function Field({
  id,
  label,
  ...input
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} />
    </div>
  );
}
