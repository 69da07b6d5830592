import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config';
import { platformOf } from '../platforms/registry';
import type { PostPlatform } from '../platforms/platform-types';

/**
 * Live platforms that fetch a post's media themselves from the URL we give them (Instagram and
 * Threads containers, Facebook photos and videos by `url`/`file_url`): our signed media URLs under
 * `PUBLIC_URL`. The others receive the bytes from us.
 */
export const FETCH_MEDIA_BY_URL: readonly PostPlatform[] = ['INSTAGRAM', 'FACEBOOK', 'THREADS'];

/** Names no resolver outside the operator's own network answers. */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa', '.intranet', '.corp'];

export type PublicUrlReach = {
  url: string;
  /** The enabled live platforms that fetch media from `url`. */
  platforms: PostPlatform[];
  /** Why those platforms cannot reach `url`; null when it looks public. */
  problem: string | null;
};

/**
 * Whether the platforms that fetch media by URL can reach `PUBLIC_URL`: the host is judged as
 * written (a loopback or private address, `localhost`, a one-label or `.local` name), then by what
 * it resolves to here. Only a warning: the service works, but Instagram cannot fetch the media of a
 * post and its publishing fails. Null when no such platform is live.
 */
export async function publicUrlReach(config: Pick<Config, 'publicUrl' | 'LIVE_PLATFORMS'>): Promise<PublicUrlReach | null> {
  const platforms = FETCH_MEDIA_BY_URL.filter((type) => config.LIVE_PLATFORMS.includes(type));
  if (platforms.length === 0) return null;
  const problem = await hostProblemCached(new URL(config.publicUrl).hostname);
  return { url: config.publicUrl, platforms, problem: problem && explain(config.publicUrl, problem, platforms) };
}

/** `/readyz` asks often and a resolver may be slow: one answer per host for a few minutes. */
const CACHE_MS = 5 * 60_000;
const LOOKUP_TIMEOUT_MS = 1_500;
const answers = new Map<string, { problem: string | null; until: number }>();

async function hostProblemCached(host: string): Promise<string | null> {
  const cached = answers.get(host);
  if (cached && cached.until > Date.now()) return cached.problem;
  const problem = await hostProblem(host);
  answers.set(host, { problem, until: Date.now() + CACHE_MS });
  return problem;
}

function explain(url: string, problem: string, platforms: PostPlatform[]): string {
  const labels = platforms.map((type) => platformOf(type).label);
  const names = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0];
  return `PUBLIC_URL (${url}) ${problem}, so ${names} cannot fetch the media of your posts and publishing them fails. Set PUBLIC_URL to this service’s public https address.`;
}

async function hostProblem(rawHost: string): Promise<string | null> {
  const host = rawHost.replace(/^\[|\]$/g, '').toLowerCase();
  if (ipaddr.isValid(host)) return addressProblem(host);
  if (host === 'localhost' || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return 'names a host only this network knows';
  if (!host.includes('.')) return 'names a host without a domain, which only this network knows';
  try {
    let timer: NodeJS.Timeout | undefined;
    const resolved = await Promise.race([
      lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), LOOKUP_TIMEOUT_MS))),
    ]).finally(() => clearTimeout(timer));
    for (const { address } of resolved) {
      const problem = addressProblem(address);
      if (problem) return `resolves to ${problem.replace(/^is /, '')}`;
    }
    return null;
  } catch {
    // Offline machines (these tests, air-gapped installs) cannot tell; the platform may still resolve it.
    return null;
  }
}

function addressProblem(address: string): string | null {
  const ip = ipaddr.process(address);
  const range = ip.range();
  return range === 'unicast' ? null : `is ${ip.toString()}, a ${range} address`;
}
