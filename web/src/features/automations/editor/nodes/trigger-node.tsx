import type { NodeProps } from '@xyflow/react';
import { Zap } from 'lucide-react';
import { memo } from 'react';
import { TEXT_TRIGGERS } from '@server/automations/shared/automation-constants';
import { TRIGGER_LABELS } from '../../lib/flow-summary';
import type { TriggerFlowNode } from '../node-types';
import { NodeShell } from './node-shell';

function TriggerNodeView({ data, selected }: NodeProps<TriggerFlowNode>) {
  const { trigger } = data;
  const readsText = TEXT_TRIGGERS.includes(trigger.type);
  const words = (readsText ? trigger.keywords : trigger.payloads) ?? [];
  const platform = trigger.platform.charAt(0) + trigger.platform.slice(1).toLowerCase();
  return (
    <NodeShell
      icon={Zap}
      title={`When: ${TRIGGER_LABELS[trigger.type].toLowerCase()}`}
      selected={selected}
      problems={data.problems}
      counts={data.counts}
      result={data.result}
      hasInput={false}
      footer="Trigger"
    >
      {platform} · {data.accountName}
      {words.length ? ` · ${readsText ? 'keywords' : 'payloads'}: ${words.join(', ')}` : readsText ? ' · any text' : ''}
    </NodeShell>
  );
}

export const TriggerNode = memo(TriggerNodeView);
