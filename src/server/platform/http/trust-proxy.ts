import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * Which connections may say who the client is (DESIGN.md §2, "Behind a reverse proxy"; decision
 * 0040). TRUST_PROXY lists the proxies' addresses or CIDRs; a request arriving from one of them
 * has its client address taken from `X-Forwarded-For` and its scheme from `X-Forwarded-Proto`.
 * From any other address those headers are ignored, so a buyer who connects directly cannot name
 * someone else's address to dodge a throttle or lock another buyer out.
 */

/** One TRUST_PROXY entry: an address (`10.0.0.5`, `::1`) or a CIDR (`10.0.0.0/8`, `fd00::/8`). */
export interface ProxyEntry {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** The entry, or null when it is neither an address nor a CIDR. */
export function parseProxyEntry(entry: string): ProxyEntry | null {
  const m = /^([^/\s]+)(?:\/(\d{1,3}))?$/.exec(entry);
  if (!m) return null;
  const address = m[1]!;
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const bits = version === 4 ? 32 : 128;
  const prefix = m[2] === undefined ? bits : Number(m[2]);
  if (prefix > bits) return null;
  return { address, prefix, family };
}

/** Fastify's `trustProxy` function: is the connection (hop 0) or a forwarding hop one of ours? */
export type TrustProxy = (address: string, hop: number) => boolean;

/** The trust function for the entries (already checked by the configuration). */
export function trustedProxies(entries: readonly string[]): TrustProxy {
  const list = new BlockList();
  for (const text of entries) {
    const entry = parseProxyEntry(text);
    if (!entry) throw new Error(`not a proxy address or CIDR: ${text}`);
    if (entry.prefix === (entry.family === 'ipv4' ? 32 : 128)) list.addAddress(entry.address, entry.family);
    else list.addSubnet(entry.address, entry.prefix, entry.family);
  }
  // X-Forwarded-For is whatever the previous hop wrote: anything not an address is not trusted.
  // (BlockList also matches IPv4-mapped IPv6 addresses, `::ffff:10.0.0.5`, against IPv4 entries.)
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The client's address as Fastify's `request.ip` computes it with the same trust function, for
 * code that answers in front of Fastify (the fast lane's log line): walking from the connection
 * back through `X-Forwarded-For`, the first address that is not a trusted proxy (or the furthest
 * one when every hop is trusted).
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy | null): string {
  const peer = req.socket.remoteAddress ?? '';
  if (!trust) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  const hops = [peer, ...forwarded];
  for (let i = 0; i < hops.length - 1; i++) if (!trust(hops[i]!, i)) return hops[i]!;
  return hops[hops.length - 1]!;
}
