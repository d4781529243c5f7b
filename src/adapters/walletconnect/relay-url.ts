import { InvalidRelayUrlError } from '../../core/errors.js';

/**
 * The relay's WebSocket URL, secure by default (spec section 9): `https:` and a bare host become
 * `wss:`, `http:` becomes `ws:` only on loopback (a relay on this machine), and a plain `ws:`
 * to any other host is refused, since the pairing keys would cross the network readable.
 */
export function relaySocketUrl(relayUrl: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(relayUrl) ? relayUrl : `wss://${relayUrl}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new InvalidRelayUrlError(`Invalid relayUrl "${relayUrl}": not a URL`);
  }
  const loopback = isLoopback(url.hostname.toLowerCase().replace(/^\[|\]$/g, ''));
  switch (url.protocol) {
    case 'wss:':
      break;
    case 'https:':
      url.protocol = 'wss:';
      break;
    case 'ws:':
    case 'http:':
      if (!loopback) {
        throw new InvalidRelayUrlError(`Invalid relayUrl "${relayUrl}": use wss:// (an unencrypted relay is allowed on loopback only)`);
      }
      url.protocol = 'ws:';
      break;
    default:
      throw new InvalidRelayUrlError(`Invalid relayUrl "${relayUrl}": the scheme must be wss:// or ws:// on loopback`);
  }
  return url.toString().replace(/\/$/, '');
}

/**
 * The WalletConnect network's relay, the one mobile wallets from the app stores talk to. With it,
 * `projectId` is the project id from the WalletConnect dashboard (docs/walletconnect.md).
 */
export const WALLETCONNECT_NETWORK_RELAY_URL = 'wss://relay.walletconnect.org';

const hostOf = (socketUrl: string): string => new URL(socketUrl).hostname.toLowerCase().replace(/^\[|\]$/g, '');

/** Whether the relay (a socket URL from relaySocketUrl) is the WalletConnect network's (walletconnect.org or .com). */
export function isWalletConnectNetworkRelay(socketUrl: string): boolean {
  return /(^|\.)walletconnect\.(org|com)$/.test(hostOf(socketUrl));
}

function privateIpv4(host: string): boolean {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return false;
  const [a, b] = parts.map(Number) as [number, number];
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

function privateIpv6(host: string): boolean {
  if (!host.includes(':')) return false;
  if (host === '::1') return true;
  // IPv4-mapped (::ffff:7f00:1, as URL writes ::ffff:127.0.0.1)
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const [hi, lo] = [parseInt(mapped[1] as string, 16), parseInt(mapped[2] as string, 16)];
    return privateIpv4(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  const first = parseInt(host.split(':')[0] || '0', 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80; // fc00::/7 unique local, fe80::/10 link-local
}

/**
 * Whether the relay is reached without the internet: on loopback (localhost, 127.0.0.0/8, ::1), in
 * a private or link-local range (10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, fe80::/10) or
 * an mDNS name (.local). A browser that says it is offline still reaches such a relay.
 */
export function isLocalRelay(socketUrl: string): boolean {
  const host = hostOf(socketUrl);
  return isLoopback(host) || host.endsWith('.local') || privateIpv4(host) || privateIpv6(host);
}

/** localhost (and *.localhost), 127.0.0.0/8 and ::1: this machine. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
