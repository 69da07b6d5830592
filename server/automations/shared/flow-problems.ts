// No imports: the API writes these messages and the flow builder reads them back onto its nodes.

/*
 * The second validation stage answers one 400 whose `message` joins every problem with "; "
 * (spec). Each problem starts with where it is, so the flow builder can put it on its node:
 * `trigger.<field>`, `steps.<stepId>` (step ids are letters, digits, "_" and "-"), `steps` for
 * the list as a whole, or a flow field (`platformScope`).
 */

export type FlowProblem = { where: string; message: string };

export const PROBLEM_SEPARATOR = '; ';

export function formatProblems(problems: readonly FlowProblem[]): string {
  // A problem's own text never contains the separator, so the joined message splits back cleanly.
  return problems.map((problem) => `${problem.where}: ${problem.message.replaceAll(PROBLEM_SEPARATOR, ', ')}`).join(PROBLEM_SEPARATOR);
}

/** Splits a joined message back into problems; a part with no `where:` prefix is kept whole. */
export function parseProblems(message: string): FlowProblem[] {
  return message
    .split(PROBLEM_SEPARATOR)
    .filter(Boolean)
    .map((part) => {
      const match = /^((?:trigger|steps)(?:\.[A-Za-z0-9_-]+)?|platformScope|name|definition): (.*)$/s.exec(part);
      return match ? { where: match[1]!, message: match[2]! } : { where: '', message: part };
    });
}

/** The node a problem belongs to: `trigger`, a step id, or null for the flow as a whole. */
export function problemNode(problem: FlowProblem): { kind: 'trigger' } | { kind: 'step'; stepId: string } | null {
  if (problem.where === 'trigger' || problem.where.startsWith('trigger.')) return { kind: 'trigger' };
  if (problem.where.startsWith('steps.')) return { kind: 'step', stepId: problem.where.slice('steps.'.length) };
  return null;
}
