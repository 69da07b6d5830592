import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FlowProblem } from '@server/automations/shared/flow-problems';
import { errorMessage } from '@/lib/api-client';
import { useSaveFlowDraft, type Flow } from '../api/flows';
import { sameDefinition, serverOnlyProblems, withStepIds, type EditorDefinition } from '../lib/editor-model';

/** A pause in typing is one save; a closed tab loses at most this much. */
export const DRAFT_AUTOSAVE_MS = 1000;

export type DraftSaveState = { kind: 'saved'; at: Date | null } | { kind: 'pending' } | { kind: 'saving' } | { kind: 'failed'; reason: string };

type Options = {
  flow: Flow;
  /** What the builder shows now. */
  definition: EditorDefinition;
  /** What the builder started from: with no saved draft, an untouched builder has nothing to save. */
  initial: EditorDefinition;
  /** After each save, the problems only the server can tell (the builder works out the rest itself). */
  onServerProblems: (problems: FlowProblem[], saved: EditorDefinition) => void;
};

/**
 * Saves the builder's flow as the draft a moment after each edit, whatever its problems (the
 * draft route takes work in progress), one save at a time.
 */
export function useDraftAutosave({ flow, definition, initial, onServerProblems }: Options) {
  const save = useSaveFlowDraft(flow.id);
  const [saved, setSaved] = useState<EditorDefinition>(() => (flow.draftVersion ? withStepIds(flow.draftVersion.definition) : initial));
  const [state, setState] = useState<DraftSaveState>({ kind: 'saved', at: flow.draftVersion ? new Date(flow.draftVersion.updatedAt) : null });
  // Comparing two 100-step definitions is not free: once per edit, not on every render.
  const dirty = useMemo(() => !sameDefinition(saved, definition), [saved, definition]);

  // The save and the leave guard read the latest values, not those of the render that scheduled them.
  const latest = useRef(definition);
  const savedRef = useRef(saved);
  const running = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const report = useRef(onServerProblems);
  useEffect(() => {
    latest.current = definition;
    report.current = onServerProblems;
  });

  const unsaved = useCallback(() => !sameDefinition(savedRef.current, latest.current), []);

  const saveOnce = useCallback(async (): Promise<boolean> => {
    const sending = latest.current;
    if (sameDefinition(savedRef.current, sending)) return true;
    setState({ kind: 'saving' });
    try {
      const answer = await save.mutateAsync({ definition: sending });
      savedRef.current = sending;
      setSaved(sending);
      report.current(serverOnlyProblems(answer.problems, flow.platformScope, sending), sending);
      setState(unsaved() ? { kind: 'pending' } : { kind: 'saved', at: new Date() });
      return true;
    } catch (error) {
      setState({ kind: 'failed', reason: `Not saved: ${errorMessage(error)}` });
      return false;
    }
    // `save.mutateAsync` is stable across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flow.platformScope, unsaved]);

  /** Saves now whatever is not saved yet; true when the server has it all. */
  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    while (running.current) await running.current;
    running.current = saveOnce().finally(() => (running.current = null));
    return running.current;
  }, [saveOnce]);

  useEffect(() => {
    if (!dirty) return;
    setState((current) => (current.kind === 'saving' ? current : { kind: 'pending' }));
    timer.current = setTimeout(() => void flush(), DRAFT_AUTOSAVE_MS);
    return () => clearTimeout(timer.current);
  }, [dirty, definition, flush]);

  return { state, dirty, unsaved, flush };
}

export type DraftAutosave = ReturnType<typeof useDraftAutosave>;
