import { InvalidRelayUrlError } from '../../core/errors.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

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
  const loopback = LOOPBACK.has(url.hostname);
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
