/** The WalletConnect relay of w3kit-server. */
export { startRelay, relayUrl, type StartRelayOptions, type RunningRelay } from './server.js';
export { RELAY_LIMITS, RPC_ERRORS, type RelayLimits } from './protocol.js';
export { subscriptionId } from './subscriptions.js';
