import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allJobs } from './all-jobs';
import type { AnyJobContract, AnyJobHandler } from './define-job';
import { jobHandlers } from './job-handlers';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const serverFiles = (readdirSync(serverDir, { recursive: true, encoding: 'utf8' }) as string[]).map((file) => file.split(path.sep).join('/'));
const endingIn = (suffix: string) => serverFiles.filter((file) => file.endsWith(suffix)).sort();
/** `posts/posts` for `posts/posts.jobs.ts`: the folder and the domain's name. */
const domainsOf = (suffix: string) =>
  endingIn(suffix)
    .map((file) => file.slice(0, -suffix.length))
    .sort();

const isContract = (value: unknown): value is AnyJobContract => typeof value === 'object' && value !== null && 'name' in value && 'payload' in value;
const isHandler = (value: unknown): value is AnyJobHandler => typeof value === 'object' && value !== null && 'job' in value && 'handle' in value;

/** What one domain file exports: its one list (named `…${listSuffix}`) and every contract or handler it declares. */
async function domainFile<T>(file: string, listSuffix: string, isItem: (value: unknown) => value is T) {
  const exports: Record<string, unknown> = await import(path.join(serverDir, file));
  const lists = Object.entries(exports).filter(([name, value]) => name.endsWith(listSuffix) && Array.isArray(value));
  expect(
    lists.map(([name]) => name),
    `${file} exports one list named …${listSuffix}`,
  ).toHaveLength(1);
  return { list: lists[0]![1] as T[], declared: Object.values(exports).filter(isItem) };
}

describe('the job handler registry', () => {
  it('has exactly one handler for every job kind, and none for a kind no queue is created for', () => {
    const contractNames = allJobs.map((job) => job.name);
    const handlerNames = jobHandlers.map((handler) => handler.job.name);
    expect(new Set(contractNames).size).toBe(contractNames.length);
    expect([...handlerNames].sort()).toEqual([...contractNames].sort());
    // The very contract objects senders use, not look-alikes that could drift apart.
    for (const handler of jobHandlers) expect(allJobs).toContain(handler.job);
  });

  it('declares jobs one way: a domain folder has one <domain>.jobs.ts and one <domain>.job-handlers.ts, and no <name>.job.ts', () => {
    expect(endingIn('.job.ts'), 'contracts go in their folder’s <domain>.jobs.ts').toEqual([]);
    const domains = domainsOf('.jobs.ts');
    expect(domains.length).toBeGreaterThan(0);
    // Side by side, with the same name: each folder's pair, and no folder with a second one.
    expect(domainsOf('.job-handlers.ts')).toEqual(domains);
    const folders = domains.map((domain) => path.posix.dirname(domain));
    expect(new Set(folders).size).toBe(folders.length);
  });

  it('is made of every domain’s two lists, whole, and of nothing else', async () => {
    const contracts: AnyJobContract[] = [];
    const handlers: AnyJobHandler[] = [];
    for (const domain of domainsOf('.jobs.ts')) {
      const jobs = await domainFile(`${domain}.jobs.ts`, 'Jobs', isContract);
      const handled = await domainFile(`${domain}.job-handlers.ts`, 'JobHandlers', isHandler);
      // A contract or handler left out of its list would have no queue, or no worker.
      for (const contract of jobs.declared) expect(jobs.list, `${domain}.jobs.ts lists ${contract.name}`).toContain(contract);
      for (const handler of handled.declared) expect(handled.list, `${domain}.job-handlers.ts lists ${handler.job.name}`).toContain(handler);
      // The domain handles its own contracts, all of them, so adding a job touches these two files only.
      expect(handled.list.map((handler) => handler.job)).toEqual(expect.arrayContaining(jobs.list));
      expect(handled.list).toHaveLength(jobs.list.length);
      for (const contract of jobs.list) expect(allJobs, `all-jobs.ts spreads ${domain}.jobs.ts`).toContain(contract);
      for (const handler of handled.list) expect(jobHandlers, `job-handlers.ts spreads ${domain}.job-handlers.ts`).toContain(handler);
      contracts.push(...jobs.list);
      handlers.push(...handled.list);
    }
    expect(contracts).toHaveLength(allJobs.length);
    expect(handlers).toHaveLength(jobHandlers.length);
  });
});
