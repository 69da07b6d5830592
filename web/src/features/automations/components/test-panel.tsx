import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { CONVERSATION_TRIGGERS } from '../../../../../server/automations/shared/automation-constants';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/api-client';
import type { Flow } from '../api/flows';
import { useTestRun, type TestInput } from '../api/test-run';
import { ExecutionDetail } from './execution-detail';

/**
 * Runs the draft (else the published version) once, now, on a real conversation or comment: the
 * spec says tests really send and count toward quotas, so the panel says so before the button.
 */
export function TestPanel({ flow }: { flow: Flow }) {
  const definition = flow.draftVersion?.definition ?? flow.publishedVersion?.definition;
  const inConversation = definition ? CONVERSATION_TRIGGERS.includes(definition.trigger.type) : false;
  const [input, setInput] = useState<TestInput>({});
  const test = useTestRun(flow.id);
  const set = (key: keyof TestInput) => (event: { target: { value: string } }) => setInput((previous) => ({ ...previous, [key]: event.target.value || undefined }));
  if (!definition) return <p className="text-sm text-zinc-600">Save a draft first: a test runs the draft, or the published version when there is none.</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
      <Card className="space-y-4 p-4">
        <form
          aria-label="Test run"
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            test.mutate(input);
          }}
        >
          {inConversation ? (
            <Field id="test-conversation" label="Conversation id" onChange={set('conversationId')} />
          ) : (
            <Field id="test-comment" label="Comment id (a fetched comment)" onChange={set('fetchedCommentId')} />
          )}
          <Field id="test-text" label="Text (for conditions)" onChange={set('text')} />
          {inConversation ? <Field id="test-payload" label="Payload (for conditions)" onChange={set('payload')} /> : null}
          <p className="text-xs text-zinc-500">A test really sends its messages and counts as a run. Trigger matching and delays are skipped; conditions still run.</p>
          <Button type="submit" pending={test.isPending}>
            <FlaskConical className="size-4" aria-hidden />
            Run test
          </Button>
        </form>
      </Card>
      <Card className="p-4">
        {test.isError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            The test did not run: {errorMessage(test.error)}
          </p>
        ) : test.data ? (
          <ExecutionDetail execution={test.data} />
        ) : (
          <p className="text-sm text-zinc-500">The result shows here, step by step.</p>
        )}
      </Card>
    </div>
  );
}

function Field({ id, label, onChange }: { id: string; label: string; onChange: (event: { target: { value: string } }) => void }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} onChange={onChange} />
    </div>
  );
}
