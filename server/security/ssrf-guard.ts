import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Ranges that `WEBHOOK_ALLOW_PRIVATE=true` opens for local development and tests. Link-local stays
 * closed even then: it holds cloud metadata services (169.254.169.254, fe80::…) whose credentials
 * a development machine in the cloud has too.
 */
const PRIVATE_RANGES = new Set(['private', 'loopback', 'uniqueLocal', 'carrierGradeNat', 'deprecatedSiteLocal']);

export type TargetPolicy = { allowPrivate: boolean };
export type ResolvedTarget = { url: URL; address: string; family: 4 | 6 };

export class BlockedTargetError extends Error {}

/**
 * Only global unicast addresses are reachable: everything ipaddr.js classifies otherwise
 * (private, loopback, link-local, unique-local, CGNAT, multicast, unspecified, reserved, NAT64
 * and 6to4/Teredo tunnels that can embed any IPv4 address) is refused. IPv4-mapped IPv6 is
 * judged as the IPv4 address it carries.
 */
export function addressProblem(address: string, policy: TargetPolicy): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  // IPv4-compatible IPv6 (::/96, deprecated by RFC 4291) is routed as the IPv4 address it embeds
  // by some stacks, yet ipaddr.js calls it unicast: `[::7f00:1]` would reach 127.0.0.1.
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && isIpv4Compatible(parsed as ipaddr.IPv6)) {
    return `${parsed.toString()} is an IPv4-compatible IPv6 address, which may not be contacted`;
  }
  const ip = ipaddr.process(address);
  const range = ip.range();
  if (range === 'unicast') return null;
  if (policy.allowPrivate && PRIVATE_RANGES.has(range)) return null;
  return `${ip.toString()} is a ${range} address, which may not be contacted`;
}

function isIpv4Compatible(ip: ipaddr.IPv6): boolean {
  // `::` and `::1` sit in ::/96 too; ipaddr.js already names them unspecified and loopback.
  const parts = ip.parts;
  return parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7]! > 1);
}

/** Scheme, credentials and port checks that need no DNS. */
export function urlProblem(raw: string, policy: TargetPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Invalid URL';
  }
  if (url.protocol !== 'https:' && !(policy.allowPrivate && url.protocol === 'http:')) return 'The URL must use https';
  if (url.username || url.password) return 'The URL must not contain credentials';
  if (!url.hostname) return 'The URL needs a host';
  return null;
}

/**
 * Outbound requests the server makes to addresses someone else chose: webhook deliveries, uploads
 * from a URL and live platforms whose server a person names (Mastodon). Everything here is shared
 * by them, so the same rules and wording hold for each.
 *
 * Resolves the host and checks every address it resolves to (one bad answer is enough to refuse:
 * an attacker controlling DNS could otherwise alternate). The returned address is the one the
 * request must connect to, so a second resolution cannot swap in another (DNS rebinding).
 */
export async function resolveTarget(raw: string, policy: TargetPolicy): Promise<ResolvedTarget> {
  const problem = urlProblem(raw, policy);
  if (problem) throw new BlockedTargetError(problem);
  const url = new URL(raw);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let answers: { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    answers = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      answers = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new BlockedTargetError(`The host ${host} does not resolve`);
    }
  }
  if (answers.length === 0) throw new BlockedTargetError(`The host ${host} does not resolve`);
  for (const answer of answers) {
    const reason = addressProblem(answer.address, policy);
    if (reason) throw new BlockedTargetError(reason);
  }
  const chosen = answers[0]!;
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

/**
 * A `lookup` for `http.request` that answers with the checked address only: the connection cannot
 * go where a second DNS answer points (DNS rebinding), while TLS still verifies the URL's host name.
 */
export function pinnedLookup(target: ResolvedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
