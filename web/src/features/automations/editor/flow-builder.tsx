import { ReactFlowProvider } from '@xyflow/react';
import { ListChecks, Save, Send } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import type { StepType } from '@server/automations/shared/automation-constants';
import { fitProblems } from '@server/automations/shared/flow-fit';
import type { SocialAccount } from '@/api/get-team-accounts';
import { Button } from '@/components/ui/button';
import { LeaveGuard } from '@/components/leave-guard';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import type { Execution } from '../api/executions';
import { useFlowAction, type Flow } from '../api/flows';
import { TestPanel } from '../components/test-panel';
import {
  emptyDefinition,
  FLOW_KEY,
  mergeProblems,
  nodeProblems,
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
import { DraftSaveStatus } from './draft-save-status';
import { createStep } from './node-registry';
import { NodeInspector } from './node-inspector';
import { RunCounts, useRunCounts } from './run-counts-toolbar';
import { SidePanelTabs, type SidePanel } from './side-panel-tabs';
import { StepPalette } from './step-palette';
import { useDraftAutosave } from './use-draft-autosave';

/** Build and Test keep the builder on screen; the Runs tab replaces it, like another page. */
const keepsBuilder = ({ current, next }: { current: { pathname: string }; next: { pathname: string; search: object } }) =>
  next.pathname === current.pathname && !('tab' in next.search && next.search.tab === 'runs');

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
  const [initial] = useState(() => initialDefinition(flow, accounts));
  const [definition, setDefinition] = useState(initial);
  const [selectedId, setSelectedId] = useState<string | null>(TRIGGER_KEY);
  // What only the server could tell (its last answer on the draft, or a refused publish); a node's
  // entry goes as soon as the node is edited, and the next save says again.
  const [remote, setRemote] = useState<Problems>(new Map());
  const [publishing, setPublishing] = useState(false);
  const [pending, setPending] = useState(false);
  const autosave = useDraftAutosave({ flow, definition, initial, onServerProblems: (list, saved) => setRemote(nodeProblems(list, saved.steps)) });
  const act = useFlowAction({ showsError: true });
  const runCounts = useRunCounts(flow);
  // The last test run lights the nodes until the next one (or Clear), whichever panel is shown.
  const [testRun, setTestRun] = useState<Execution | null>(null);
  const results = useMemo(() => (testRun ? testResultsOf(testRun) : null), [testRun]);
  // Once opened, the test panel stays mounted (hidden) so its pick survives a look at a node's settings.
  const [testOpened, setTestOpened] = useState(side === 'test');
  if (side === 'test' && !testOpened) setTestOpened(true);

  // Live validation: the shape and the step fit are worked out in the browser on every edit.
  const shape = useMemo(() => shapeProblems(definition), [definition]);
  const fit = useMemo(() => nodeProblems(fitProblems(flow.platformScope, definition), definition.steps), [flow.platformScope, definition]);
  const problems = useMemo(() => mergeProblems(shape, fit, remote), [shape, fit, remote]);
  // Problems of steps deleted since the server's answer are not counted: only the nodes on the canvas.
  const nodeKeys = [FLOW_KEY, TRIGGER_KEY, ...definition.steps.map((step) => step.id)];
  const firstWithProblems = nodeKeys.find((key) => problems.get(key)?.length);
  const problemCount = nodeKeys.reduce((total, key) => total + (problems.get(key)?.length ?? 0), 0);
  const account = accounts.find((candidate) => candidate.id === definition.trigger.socialAccountId);
  const accountName = account ? accountLabel(account) : 'No account chosen';

  const edit = (key: string, next: EditorDefinition) => {
    setDefinition(next);
    setRemote((previous) => (previous.has(key) ? new Map([...previous].filter(([other]) => other !== key)) : previous));
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

  /** The test panel runs the saved draft: saved first, whatever its problems (the test run names them). */
  const save = async (): Promise<boolean> => {
    const saved = await autosave.flush();
    if (!saved) toast.error(autosave.state.kind === 'failed' ? autosave.state.reason : 'The draft could not be saved');
    return saved;
  };
  /** Problems are on the nodes already: publishing waits until there are none, and says where to look. */
  const askToPublish = () => {
    if (!firstWithProblems) return setPublishing(true);
    if (firstWithProblems !== FLOW_KEY) {
      setSelectedId(firstWithProblems);
      onSide('node');
    }
    toast.error(`Fix the ${problemCount} problem(s) marked on the flow before publishing`);
  };
  const publish = async () => {
    setPending(true);
    try {
      if (!(await save())) return setPublishing(false);
      await act.mutateAsync({ id: flow.id, action: 'publish' });
      toast.success(`${flow.name} is published and active`);
      setPublishing(false);
    } catch (error) {
      setRemote(serverProblems(error, definition.steps));
      setPublishing(false);
      toast.error('The flow was not published: see the problems on its nodes');
    } finally {
      setPending(false);
    }
  };
  const flowProblems = problems.get(FLOW_KEY) ?? [];

  return (
    <div className="flex flex-col gap-3 lg:h-[calc(100vh-13rem)] lg:min-h-[32rem]">
      <LeaveGuard
        title="Leave the flow without saving?"
        save={autosave.flush}
        unsaved={autosave.unsaved}
        keepsWork={keepsBuilder}
        reason={autosave.state.kind === 'failed' ? autosave.state.reason : null}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          onClick={() => void save().then((done) => done && toast.success('Draft saved'))}
          pending={autosave.state.kind === 'saving' && !pending}
          disabled={!autosave.dirty}
        >
          <Save className="size-4" aria-hidden />
          {autosave.dirty ? 'Save draft' : 'Saved'}
        </Button>
        <Button onClick={askToPublish}>
          <Send className="size-4" aria-hidden />
          Publish…
        </Button>
        <DraftSaveStatus state={autosave.state} problemCount={problemCount} />
        <RunCounts className="lg:ml-auto" state={runCounts} published={!!flow.publishedVersion} />
      </div>
      {flowProblems.length ? (
        <div
          role="alert"
          aria-label="Before publishing"
          className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <ListChecks className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <span className="font-medium">Before publishing: </span>
            {flowProblems.join('; ')}
          </span>
        </div>
      ) : null}
      {/* Below lg the three columns stack: steps to add in a strip, the canvas, then the panel at full width. */}
      <div className="grid gap-3 lg:min-h-0 lg:flex-1 lg:grid-cols-[13rem_minmax(0,1fr)_20rem]">
        <div className="min-w-0 overflow-x-auto lg:overflow-y-auto">
          <StepPalette platform={definition.trigger.platform} onAdd={addStep} />
        </div>
        <div className="h-[55vh] min-h-[20rem] min-w-0 rounded-xl border border-zinc-200 bg-zinc-50 lg:h-auto lg:min-h-0">
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
        <div className="flex min-w-0 flex-col rounded-xl border border-zinc-200 bg-white lg:min-h-0">
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
                dirty={autosave.dirty}
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
        description={`${autosave.dirty ? 'Your changes are saved to the draft first. ' : ''}The draft becomes a new published version${flow.publishedVersion ? ` (replacing v${flow.publishedVersion.version})` : ''} and the flow starts answering real comments and messages.`}
        confirmLabel="Publish"
        pending={pending}
        onConfirm={() => void publish()}
      />
    </div>
  );
}
