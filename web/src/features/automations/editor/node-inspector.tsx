import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { AUTOMATION_PLATFORMS, type AutomationPlatform, type PlatformScope } from '@server/automations/shared/automation-constants';
import type { TriggerInput } from '@server/automations/shared/flow-definition';
import type { SocialAccount } from '@/api/get-team-accounts';
import { Button } from '@/components/ui/button';
import { cleanStep } from '../lib/clean-message';
import { stepSchemaFor, TRIGGER_KEY, type EditorDefinition, type EditorStep } from '../lib/editor-model';
import { NodeForm } from './forms/node-form';
import { TriggerForm } from './forms/trigger-form';
import { STEP_DEFINITIONS } from './node-registry';

type Props = {
  teamId: string;
  scope: PlatformScope;
  definition: EditorDefinition;
  selectedId: string | null;
  accounts: SocialAccount[];
  problems: string[];
  onTrigger: (trigger: TriggerInput) => void;
  onStep: (step: EditorStep) => void;
  onMove: (id: string, by: -1 | 1) => void;
  onDelete: (id: string) => void;
};

const scopePlatforms = (scope: PlatformScope): AutomationPlatform[] =>
  scope === 'BOTH' ? ['INSTAGRAM', 'FACEBOOK'] : AUTOMATION_PLATFORMS.filter((platform) => platform === scope);

/** The selected node's form, its problems, and the moves a step has. */
export function NodeInspector({ teamId, scope, definition, selectedId, accounts, problems, onTrigger, onStep, onMove, onDelete }: Props) {
  const index = definition.steps.findIndex((step) => step.id === selectedId);
  const step = definition.steps[index];
  if (selectedId !== TRIGGER_KEY && !step) {
    return <p className="text-sm text-zinc-500">Select a node to edit it. Tab to a node and press Enter to select it; Delete removes the selected step.</p>;
  }
  return (
    <div className="space-y-4">
      {problems.length ? (
        <ul role="alert" aria-label="Problems on this node" className="space-y-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-xs text-red-800">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {step ? (
        <>
          <StepForm key={step.id} teamId={teamId} step={step} onChange={onStep} />
          <div className="flex flex-wrap gap-2 border-t border-zinc-100 pt-3">
            <Button variant="secondary" size="sm" disabled={index === 0} onClick={() => onMove(step.id, -1)}>
              <ArrowUp className="size-3" aria-hidden />
              Move up
            </Button>
            <Button variant="secondary" size="sm" disabled={index === definition.steps.length - 1} onClick={() => onMove(step.id, 1)}>
              <ArrowDown className="size-3" aria-hidden />
              Move down
            </Button>
            <Button variant="danger-ghost" size="sm" onClick={() => onDelete(step.id)}>
              <Trash2 className="size-3" aria-hidden />
              Delete step
            </Button>
          </div>
        </>
      ) : (
        <TriggerForm teamId={teamId} trigger={definition.trigger} accounts={accounts} platforms={scopePlatforms(scope)} onChange={onTrigger} />
      )}
    </div>
  );
}

/** The selected step's form: its type's settings fields, or what a step without settings does. */
function StepForm({ teamId, step, onChange }: { teamId: string; step: EditorStep; onChange: (step: EditorStep) => void }) {
  const { label, hint, Settings } = STEP_DEFINITIONS[step.type];
  return (
    <NodeForm<EditorStep>
      schema={stepSchemaFor(step.type)}
      value={step}
      clean={cleanStep}
      onChange={(values) => onChange({ ...values, id: step.id, type: step.type } as EditorStep)}
      label={`${label} settings`}
    >
      {() => (Settings ? <Settings teamId={teamId} /> : <p className="text-sm text-zinc-600">{hint}. Nothing to set.</p>)}
    </NodeForm>
  );
}
