import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { boundedJson, FREE_FORM_JSON_LIMITS, freeFormJsonProblem } from './bounded-json';

/** Arrays (or objects) nested `levels` deep, built in a loop: no recursion on either side. */
function nested(levels: number, as: 'array' | 'object' = 'array'): unknown {
  let value: unknown = as === 'array' ? [] : {};
  for (let level = 1; level < levels; level++) value = as === 'array' ? [value] : { child: value };
  return value;
}

describe('free-form JSON bounds', () => {
  it('accepts up to the depth limit and refuses one level more, arrays and objects alike', () => {
    for (const as of ['array', 'object'] as const) {
      expect(freeFormJsonProblem(nested(FREE_FORM_JSON_LIMITS.depth, as))).toBeNull();
      expect(freeFormJsonProblem(nested(FREE_FORM_JSON_LIMITS.depth + 1, as))).toMatch(/at most 64 levels/);
    }
    // Scalars are values, not levels.
    expect(freeFormJsonProblem([[['deepest scalar']]], { depth: 3, values: 100 })).toBeNull();
  });

  it('checks a value nested 100,000 deep without overflowing the stack', () => {
    expect(freeFormJsonProblem(nested(100_000))).toMatch(/Nested too deep/);
  });

  it('counts every value, the field itself included', () => {
    expect(freeFormJsonProblem(Array.from({ length: FREE_FORM_JSON_LIMITS.values - 1 }, () => 1))).toBeNull();
    expect(freeFormJsonProblem(Array.from({ length: FREE_FORM_JSON_LIMITS.values }, () => 1))).toMatch(/at most 10000 values/);
    expect(freeFormJsonProblem({ a: { b: [1, 2] } }, { depth: 10, values: 4 })).toMatch(/Too large/);
  });

  it('fails fatally, so refinements around the field never read an oversized value', () => {
    let refinedAround = false;
    const schema = z.object({ blocks: boundedJson(z.array(z.unknown())) }).superRefine(() => {
      refinedAround = true;
    });
    const result = schema.safeParse({ blocks: nested(100) });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([{ code: 'custom', path: ['blocks'], message: expect.stringMatching(/Nested too deep/), fatal: true }]);
    expect(refinedAround).toBe(false);
  });
});
