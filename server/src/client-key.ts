/**
 * The key a client's address is counted under in every per-address limit (the HTTP API's rate
 * limit, the per-route limits of logins, sign-ins, names and checkouts, the relay's quotas):
 * IPv4 as is (also when IPv4-mapped in IPv6), IPv6 by its /64 prefix, which one host or one
 * customer usually holds whole, so rotating addresses inside it buys no extra quota.
 */
import { isIPv6 } from 'node:net';

/** `203.0.113.7` → `203.0.113.7`; `::ffff:10.0.0.1` → `10.0.0.1`; `2001:db8:1:2:3:4:5:6` → `2001:db8:1:2::/64`. */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.replace(/%.*$/, '').toLowerCase();
  if (!isIPv6(address)) return address;
  // An embedded IPv4 tail is two groups.
  const hex = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
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
