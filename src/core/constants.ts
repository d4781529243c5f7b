/**
 * Business constants, timings and limits from the behavioural spec (section 9 and the
 * animation rules of section 2). Everything timing-related is in milliseconds.
 */
export const SDK_TYPE = 'w3kit';
export const SDK_VERSION = '0.1.0';
export const SDK_VERSION_TAG = `w3kit-${SDK_VERSION}`;

export const MODAL_WIDTH_PX = 360;
export const BOTTOM_SHEET_MAX_VIEWPORT_PX = 430;

export const ANIMATION = {
  headerText: 120,
  modalHeight: 150,
  viewTransition: 150,
} as const;

export const SHAKE_MS = 500;
export const TOAST_SWAP_DELAY_MS = 150;
export const TOAST_VISIBLE_MS = 2500;

export const BALANCE_RETRY_BLOCK_MS = 30_000;

export const CACHE_LIFETIME_MS = {
  portfolio: 30_000,
  nativeBalance: 30_000,
  name: 5 * 60_000,
  identity: 5 * 60_000,
} as const;

export const WALLETS = {
  featuredDefault: 4,
  recommendedFetch: 4,
  pageSize: 40,
  searchMax: 100,
  searchMinWaitMs: 300,
  imagesPerPage: 20,
  imagePreloadCapMs: 2000,
  recentMax: 2,
} as const;

export const LOG_BUFFER_BYTES = 1_024_000;
export const DEFAULT_LOG_LEVEL = 'error';

export const EMAIL_DISPLAY_MAX = 30;
export const DECIMALS = { transaction: 3, balance: 3, number: 2, fiat: 2 } as const;

/** Highest valid EIP-155 chain id is 2^31 - 1 (spec section 5). */
export const MAX_CHAIN_ID = 2_147_483_648;

export const DEFAULT_CONNECT_METHODS_ORDER = ['email', 'social', 'wallet'] as const;
export const DEFAULT_WALLET_FEATURES_ORDER = ['onramp', 'swaps', 'receive', 'send'] as const;
export const DEFAULT_CONNECTOR_TYPE_ORDER = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const;
export const DEFAULT_SOCIALS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] as const;

/** WalletConnect (spec section 9): pairing URIs live 4 minutes and are replaced at 10 s left. */
export const WALLETCONNECT = {
  pairingExpiryMs: 4 * 60_000,
  pairingRefreshLeftMs: 10_000,
  relayReconnectAttempts: 5,
  /** First reconnect delay; each next one doubles (0.5, 1, 2, 4, 8 s). */
  relayReconnectBaseMs: 500,
  sessionLifetimeMs: 7 * 24 * 60 * 60_000,
} as const;
