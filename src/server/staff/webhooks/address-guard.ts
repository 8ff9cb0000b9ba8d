import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * SSRF guard of webhook URLs (DESIGN.md §5): an endpoint may not point into the shop's own
 * network. Refused: loopback, private (RFC 1918, unique-local), link-local (cloud metadata lives
 * at 169.254.169.254), carrier-grade NAT, "this network", multicast, reserved and documentation
 * ranges, and IPv6 forms that carry one of those IPv4 addresses inside (mapped, NAT64, 6to4), with
 * local-use NAT64 and Teredo refused whole.
 * Checked when the URL is saved and again at every delivery, on the addresses DNS gives then; the
 * connection goes to the checked address itself (see `guardedLookup`), so a name that resolves to
 * a public address for the check and to 127.0.0.1 for the connection (DNS rebinding) gets nowhere.
 */

const REFUSED_V4: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
const REFUSED_V6: [string, number][] = [
  ['::', 128], ['::1', 128], ['::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
  // Local-use NAT64 (RFC 8215): a site's own translator, so any IPv4 address behind it, private ones too.
  ['64:ff9b:1::', 48],
  // Teredo (RFC 4380): a tunnel through a relay the shop does not choose, to an address it cannot check.
  ['2001::', 32],
];

const refusedV4 = new BlockList();
for (const [net, prefix] of REFUSED_V4) refusedV4.addSubnet(net, prefix, 'ipv4');
const refusedV6 = new BlockList();
for (const [net, prefix] of REFUSED_V6) refusedV6.addSubnet(net, prefix, 'ipv6');

export class RefusedAddress extends Error {
  constructor(readonly address: string) {
    super(`refused address ${address}: private, loopback or link-local`);
  }
}

/** True for an address a webhook may not reach. Anything that is not an IP address is refused. */
export function isRefusedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = isIP(bare);
  if (kind === 4) return refusedV4.check(bare, 'ipv4');
  if (kind !== 6) return true;
  const bytes = ipv6Bytes(bare);
  const embedded = embeddedV4(bytes);
  return refusedV6.check(bare, 'ipv6') || (embedded !== null && refusedV4.check(embedded, 'ipv4'));
}

/** A URL's host when it is an IP literal (brackets removed), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) ? bare : null;
}

/** `localhost` and names under it always mean this machine (RFC 6761), whatever DNS says. */
export function isLocalName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

/**
 * A `lookup` for node:http(s) that resolves the name, refuses the whole answer when any address is
 * refused, and hands the connection exactly the addresses it checked.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const wantsAll = (options as LookupOptions).all === true;
    dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const bad = allowPrivate ? undefined : addresses.find((a) => isRefusedAddress(a.address));
      if (bad || addresses.length === 0) return callback(new RefusedAddress(bad?.address ?? hostname), '', 4);
      if (wantsAll) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Resolves a name (with a time limit) and answers its addresses; [] when it does not resolve. */
export function resolveAll(hostname: string, timeoutMs = 3000): Promise<string[]> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve([]), timeoutMs);
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      clearTimeout(timer);
      resolve(err ? [] : addresses.map((a) => a.address));
    });
  });
}

function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((g) => {
    const n = Number.parseInt(g || '0', 16);
    return [n >> 8, n & 0xff];
  });
}

/** The IPv4 address inside an IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address. */
function embeddedV4(b: number[]): string | null {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12, 16).join('.');
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return b.slice(12, 16).join('.');
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6).join('.');
  return null;
}
