/**
 * The key a client address is counted under by the per-address limits (the relay's quotas, the
 * sign-in nonces and verifications, and the HTTP limits): IPv4 as is (also when IPv4-mapped),
 * IPv6 by its /64 prefix, which one host usually holds whole (so rotating the low 64 bits of
 * an IPv6 address does not make a new client).
 */
import { isIPv6 } from 'node:net';

export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const ip = address.replace(/%.*$/, '').toLowerCase();
  if (!isIPv6(ip)) return ip;
  // An embedded IPv4 tail is two groups.
  const hex = ip.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [
      [a, b],
      [c, d],
    ]
      .map(([x, y]) => ((Number(x) << 8) | Number(y)).toString(16))
      .join(':'),
  );
  const [head = '', tail] = hex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
