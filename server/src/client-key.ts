/**
 * The one key a client address is counted under by every per-address limit (the relay's
 * quotas, the HTTP API's, e-mail login's): IPv4 as is, IPv6 by its /64, which one host
 * usually holds whole. The function lives with the relay's quotas, where it began.
 */
export { quotaKey as clientKey } from './relay/quota.js';
