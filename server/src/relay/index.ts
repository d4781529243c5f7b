/** The WalletConnect relay of w3kit-server. */
export { startRelay, relayUrl, DEFAULT_RELAY_PING_INTERVAL_MS, type StartRelayOptions, type RunningRelay } from './server.js';
export { RELAY_LIMITS, RPC_ERRORS, type RelayLimits } from './protocol.js';
export { RelayStore, subscriptionId, type StoredMessage } from './store.js';
export { authenticate, type AuthResult } from './auth.js';
