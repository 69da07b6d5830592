import { Plus } from 'lucide-react';
import { PLATFORM_SUPPORT, type AutomationPlatform, type StepType } from '@server/automations/shared/automation-constants';
import { STEP_DEFINITION_LIST } from './node-registry';

/**
 * Buttons, so the keyboard adds steps like the mouse does (Tab to one, Enter). A step lands after
 * the selected node, or at the end; steps the platform cannot run are shown but disabled.
 */
export function StepPalette({ platform, onAdd }: { platform: AutomationPlatform; onAdd: (type: StepType) => void }) {
  return (
    <nav aria-label="Add a step">
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Add a step</h2>
      {/* A strip that scrolls sideways on a phone, a column beside the canvas on a wide screen. */}
      <div className="flex gap-2 pb-1 lg:flex-col lg:gap-1 lg:pb-0">
        {STEP_DEFINITION_LIST.map(({ type, label, hint }) => {
          const supported = PLATFORM_SUPPORT[platform].steps.includes(type);
          return (
            <button
              key={type}
              type="button"
              disabled={!supported}
              onClick={() => onAdd(type)}
              title={supported ? hint : `Not available on ${platform.toLowerCase()}`}
              className="flex w-52 shrink-0 items-start gap-2 rounded-lg border border-zinc-200 bg-white px-2.5 py-2 text-left text-sm hover:border-accent-300 hover:bg-accent-50 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 lg:w-full"
            >
              <Plus className="mt-0.5 size-3.5 shrink-0 text-accent-600" aria-hidden />
              <span>
                <span className="block font-medium text-zinc-900">{label}</span>
                <span className="block text-xs text-zinc-500">{hint}</span>
              </span>
            </button>
          );
        })}
      </div>
    </nav>
  );
}
