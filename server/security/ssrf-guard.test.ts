import { describe, expect, it } from 'vitest';
import { addressProblem, resolveTarget, urlProblem } from './ssrf-guard';

const strict = { allowPrivate: false };
const dev = { allowPrivate: true };

describe('SSRF guard', () => {
  it('accepts global unicast addresses only, IPv4 and IPv6', () => {
    for (const ok of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111']) expect(addressProblem(ok, strict), ok).toBeNull();
    const refused: [string, string][] = [
      ['10.0.0.1', 'private'],
      ['172.16.5.4', 'private'],
      ['192.168.0.1', 'private'],
      ['127.0.0.1', 'loopback'],
      ['169.254.169.254', 'linkLocal'],
      ['100.64.0.1', 'carrierGradeNat'],
      ['0.0.0.0', 'unspecified'],
      ['224.0.0.1', 'multicast'],
      ['255.255.255.255', 'broadcast'],
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fe80::1', 'linkLocal'],
      ['fc00::1', 'uniqueLocal'],
      ['fd12:3456::1', 'uniqueLocal'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:10.0.0.1', 'private'],
      ['::ffff:169.254.169.254', 'linkLocal'],
      ['64:ff9b::a00:1', 'rfc6052'],
      ['2002:7f00:1::', '6to4'],
    ];
    for (const [address, range] of refused) expect(addressProblem(address, strict), address).toContain(range);
  });

  it('opens private and loopback ranges, but not multicast or unspecified, when allowed for development', () => {
    for (const ok of ['127.0.0.1', '::1', '10.0.0.1', '192.168.1.1', 'fc00::1', '::ffff:127.0.0.1']) expect(addressProblem(ok, dev), ok).toBeNull();
    for (const bad of ['0.0.0.0', '224.0.0.1', 'ff02::1', '169.254.169.254', 'fe80::1', '::7f00:1']) expect(addressProblem(bad, dev), bad).not.toBeNull();
  });

  it('requires https (http only in development), and no credentials in the URL', () => {
    expect(urlProblem('https://example.com/x', strict)).toBeNull();
    expect(urlProblem('http://example.com/x', strict)).toMatch(/https/);
    expect(urlProblem('http://example.com/x', dev)).toBeNull();
    expect(urlProblem('ftp://example.com/x', dev)).toMatch(/https/);
    expect(urlProblem('https://a:b@example.com/x', strict)).toMatch(/credentials/);
  });

  it('checks what a host name resolves to, and pins that address', async () => {
    await expect(resolveTarget('https://localhost/hook', strict)).rejects.toThrow(/loopback/);
    const pinned = await resolveTarget('http://localhost:8080/hook', dev);
    expect(['127.0.0.1', '::1']).toContain(pinned.address);
    expect(pinned.url.hostname).toBe('localhost');
    await expect(resolveTarget('https://[::ffff:7f00:1]/hook', strict)).rejects.toThrow(/loopback/);
    await expect(resolveTarget('https://0x7f.1/hook', strict)).rejects.toThrow(/loopback/);
  });
});
