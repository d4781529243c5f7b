/**
 * `w3kit/wagmi`: the wagmi adapter. wagmi's config, actions and hooks work on the modal's
 * connection (see docs/wagmi.md). wagmi's cookie helpers are re-exported for server rendering.
 */
export { W3WagmiAdapter, type W3WagmiAdapterExistingConfig } from './adapter.js';
export type { W3WagmiAdapterOptions } from './config.js';
export { W3KIT_CONNECTOR_ID } from './connector.js';
export { cookieStorage, cookieToInitialState, createStorage } from 'wagmi';
