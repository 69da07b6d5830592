import { describe, expect, it } from 'vitest';
import { FLOW_STATUSES } from '@server/automations/shared/automation-constants';
import { flowKey } from '../api/automation-query-keys';
import { flowQueryOptions } from '../api/flow-query';
import { flowListSearch, LIST_STATUSES } from './list-search';

describe('what the route files import instead of the shared modules', () => {
  it('lists every flow status and drops an unknown one', () => {
    expect([...LIST_STATUSES]).toEqual([...FLOW_STATUSES]);
    expect(flowListSearch.parse({ status: 'NOPE' })).toEqual({ status: undefined });
  });

  it('keys the editor loader’s query like the rest of the feature', () => {
    expect(flowQueryOptions('f1').queryKey).toEqual(flowKey('f1'));
  });
});
