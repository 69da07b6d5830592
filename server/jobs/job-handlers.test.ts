import { describe, expect, it } from 'vitest';
import { allJobs } from './all-jobs';
import { jobHandlers } from './job-handlers';

describe('the job handler registry', () => {
  it('has exactly one handler for every job kind, and none for a kind no queue is created for', () => {
    const contractNames = allJobs.map((job) => job.name);
    const handlerNames = jobHandlers.map((handler) => handler.job.name);
    expect(new Set(contractNames).size).toBe(contractNames.length);
    expect([...handlerNames].sort()).toEqual([...contractNames].sort());
    // The very contract objects senders use, not look-alikes that could drift apart.
    for (const handler of jobHandlers) expect(allJobs).toContain(handler.job);
  });
});
