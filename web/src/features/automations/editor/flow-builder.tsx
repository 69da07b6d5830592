import { ReactFlowProvider } from '@xyflow/react';
import { AlertCircle, Save, Send } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import type { StepType } from '@server/automations/shared/automation-constants';
import type { SocialAccount } from '@/api/get-team-accounts';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import type { Execution } from '../api/executions';
import { useFlowAction, useUpdateFlow, type Flow } from '../api/flows';
import { TestPanel } from '../components/test-panel';
import {
  emptyDefinition,
  FLOW_KEY,
  mergeProblems,
  sameDefinition,
  serverProblems,
  shapeProblems,
  TRIGGER_KEY,
  withStepIds,
  type EditorDefinition,
  type Problems,
} from '../lib/editor-model';
import { accountLabel } from '../lib/flow-summary';
import { testResultsOf } from '../lib/test-results';
import { FlowCanvas } from './flow-canvas';
import { createStep } from './node-registry';
import { NodeInspector } from './node-inspector';
import { RunCounts, useRunCounts } from './run-counts-toolbar';
import { SidePanelTabs, type SidePanel } from './side-panel-tabs';
import { StepPalette } from './step-palette';

type Props = {
  flow: Flow;
  teamId: string;
  accounts: SocialAccount[];
  /** Beside the canvas: the selected node's settings, or the test panel. */
  side: SidePanel;
  onSide: (side: SidePanel) => void;
};

function initialDefinition(flow: Flow, accounts: SocialAccount[]): EditorDefinition {
  const saved = flow.draftVersion?.definition ?? flow.publishedVersion?.definition;
  if (saved) return withStepIds(saved);
  const empty = emptyDefinition(flow.platformScope, null);
  return { ...empty, trigger: { ...empty.trigger, socialAccountId: accounts.find((account) => account.type === empty.trigger.platform)?.id ?? null } };
}

export function FlowBuilder({ flow, teamId, accounts, side, onSide }: Props) {
  const [definition, setDefinition] = useState(() => initialDefinition(flow, accounts));
  const [saved, setSaved] = useState(() => flow.draftVersion?.definition ?? null);
  const [selectedId, setSelectedId] = useState<string | null>(TRIGGER_KEY);
  const [refused, setRefused] = useState<Problems>(new Map());
  const [publishing, setPublishing] = useState(false);
  const [pending, setPending] = useState(false);
  const update = useUpdateFlow(flow.id);
  const act = useFlowAction({ showsError: true });
  const runCounts = useRunCounts(flow);
  // The last test run lights the nodes until the next one (or Clear), whichever panel is shown.
  const [testRun, setTestRun] = useState<Execution | null>(null);
  const results = useMemo(() => (testRun ? testResultsOf(testRun) : null), [testRun]);
  // Once opened, the test panel stays mounted (hidden) so its pick survives a look at a node's settings.
  const [testOpened, setTestOpened] = useState(side === 'test');
  if (side === 'test' && !testOpened) setTestOpened(true);

  const shape = useMemo(() => shapeProblems(definition), [definition]);
  const problems = useMemo(() => mergeProblems(shape, refused), [shape, refused]);
  // Normalizing and comparing two 100-step definitions is not free: not on every render (counts refreshes).
  const dirty = useMemo(() => !saved || !sameDefinition(saved, definition), [saved, definition]);
  const account = accounts.find((candidate) => candidate.id === definition.trigger.socialAccountId);
  const accountName = account ? accountLabel(account) : 'No account chosen';

  const edit = (key: string, next: EditorDefinition) => {
    setDefinition(next);
    // A refusal about this node may no longer hold: the next save says again.
    setRefused((previous) => (previous.has(key) ? new Map([...previous].filter(([other]) => other !== key)) : previous));
  };
  const addStep = (type: StepType) => {
    const at = selectedId === TRIGGER_KEY ? 0 : definition.steps.findIndex((step) => step.id === selectedId) + 1 || definition.steps.length;
    const step = createStep(type, definition.steps, at);
    edit(step.id, { ...definition, steps: [...definition.steps.slice(0, at), step, ...definition.steps.slice(at)] });
    setSelectedId(step.id);
  };
  // Stable: the canvas keeps its handlers across renders (stays fluid at 100 steps).
  const deleteSteps = useCallback((ids: string[]) => {
    setDefinition((current) => ({ ...current, steps: current.steps.filter((step) => !ids.includes(step.id)) }));
    setSelectedId(TRIGGER_KEY);
  }, []);
  const moveStep = useCallback(
    (id: string, by: -1 | 1) =>
      setDefinition((current) => {
        const steps = [...current.steps];
        const from = steps.findIndex((step) => step.id === id);
        if (from < 0 || from + by < 0 || from + by >= steps.length) return current;
        steps.splice(from + by, 0, ...steps.splice(from, 1));
        return { ...current, steps };
      }),
    [],
  );

  /** Saves the draft when it changed; false when something is refused (shown on the nodes). */
  const save = async (): Promise<boolean> => {
    if (shape.size > 0) {
      toast.error('Fix the problems marked on the nodes first');
      return false;
    }
    if (!dirty) return true;
    try {
      const answer = await update.mutateAsync({ definition });
      setSaved(answer.draftVersion?.definition ?? definition);
      setRefused(new Map());
      return true;
    } catch (error) {
      setRefused(serverProblems(error, definition.steps));
      toast.error('The flow was not saved: see the problems on its nodes');
      return false;
    }
  };
  const publish = async () => {
    setPending(true);
    try {
      if (!(await save())) return setPublishing(false);
      await act.mutateAsync({ id: flow.id, action: 'publish' });
      toast.success(`${flow.name} is published and active`);
      setPublishing(false);
    } catch (error) {
      setRefused(serverProblems(error, definition.steps));
      setPublishing(false);
      toast.error('The flow was not published: see the problems on its nodes');
    } finally {
      setPending(false);
    }
  };
  const flowProblems = problems.get(FLOW_KEY) ?? [];

  return (
    <div className="flex h-[calc(100vh-13rem)] min-h-[32rem] flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          onClick={() => void save().then((done) => done && toast.success('Draft saved'))}
          pending={update.isPending && !pending}
          disabled={!dirty}
        >
          <Save className="size-4" aria-hidden />
          {dirty ? 'Save draft' : 'Saved'}
        </Button>
        <Button onClick={() => setPublishing(true)}>
          <Send className="size-4" aria-hidden />
          Publish…
        </Button>
        <span className="text-xs text-zinc-500" aria-live="polite">
          {dirty ? 'Unsaved changes' : 'All changes saved to the draft'}
          {shape.size ? ` · ${[...shape.values()].flat().length} problem(s) to fix` : ''}
        </span>
        <RunCounts className="ml-auto" state={runCounts} published={!!flow.publishedVersion} />
      </div>
      {flowProblems.length ? (
        <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{flowProblems.join('; ')}</span>
        </div>
      ) : null}
      <div className="grid min-h-0 flex-1 grid-cols-[13rem_1fr_20rem] gap-3">
        <div className="overflow-y-auto">
          <StepPalette platform={definition.trigger.platform} onAdd={addStep} />
        </div>
        <div className="min-h-0 rounded-xl border border-zinc-200 bg-zinc-50">
          <ReactFlowProvider>
            <FlowCanvas
              definition={definition}
              accountName={accountName}
              problems={problems}
              counts={runCounts.counts}
              results={results}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onDelete={deleteSteps}
              onMove={moveStep}
            />
          </ReactFlowProvider>
        </div>
        <div className="flex min-h-0 flex-col rounded-xl border border-zinc-200 bg-white">
          <SidePanelTabs side={side} onSide={onSide} />
          <aside id="side-node" aria-label="Selected node" hidden={side !== 'node'} className="min-h-0 flex-1 overflow-y-auto p-4">
            <NodeInspector
              teamId={teamId}
              scope={flow.platformScope}
              definition={definition}
              selectedId={selectedId}
              accounts={accounts}
              problems={problems.get(selectedId ?? '') ?? []}
              onTrigger={(trigger) => edit(TRIGGER_KEY, { ...definition, trigger })}
              onStep={(step) => edit(step.id, { ...definition, steps: definition.steps.map((other) => (other.id === step.id ? step : other)) })}
              onMove={moveStep}
              onDelete={(id) => deleteSteps([id])}
            />
          </aside>
          {testOpened ? (
            <aside id="side-test" aria-label="Test the flow" hidden={side !== 'test'} className="min-h-0 flex-1 overflow-y-auto p-4">
              <TestPanel
                flowId={flow.id}
                teamId={teamId}
                trigger={definition.trigger}
                dirty={dirty}
                onSave={save}
                execution={testRun}
                onExecution={setTestRun}
              />
            </aside>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={publishing}
        onOpenChange={setPublishing}
        title={`Publish “${flow.name}”?`}
        description={`${dirty ? 'Your changes are saved to the draft first. ' : ''}The draft becomes a new published version${flow.publishedVersion ? ` (replacing v${flow.publishedVersion.version})` : ''} and the flow starts answering real comments and messages.`}
        confirmLabel="Publish"
        pending={pending}
        onConfirm={() => void publish()}
      />
    </div>
  );
}
