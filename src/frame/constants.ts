/**
 * The embedded wallet's constants (spec sections 6, 8 and 9), shared by the host bridge
 * (`src/frame/bridge`) and the frame site (`src/frame/site`), which are bundled apart.
 */

/** The iframe must say it is ready within this time, or the load failed (spec 9). */
export const FRAME_LOAD_TIMEOUT_MS = 20_000;
/** Auth-style requests (e-mail, device, code, RPC waiting for the user) time out after this (spec 9). */
export const FRAME_REQUEST_TIMEOUT_MS = 120_000;
/** The frame counts as initialized this long after it is ready (spec 4, 9). */
export const FRAME_READY_DELAY_MS = 500;
/** Disconnect waits at most this long for the frame's sign-out (spec 4, 9). */
export const FRAME_DISCONNECT_WAIT_MS = 3_000;
/** The SDK version the frame is told (spec 9). */
export const FRAME_SDK_VERSION = '4';
/** A new code for the same address at most this often (spec 5, 9). */
export const EMAIL_COOLDOWN_MS = 30_000;
/** E-mail change and device approval are polled this often (spec 4). */
export const FRAME_POLL_MS = 1_000;
/** One-time codes: 6 digits (the backend keeps their 10-minute lifetime and 5 attempts). */
export const OTP_LENGTH = 6;

/** What the timeout handler is called with (spec 8). */
export type FrameTimeoutKind = 'iframe_load_failed' | 'iframe_request_timeout';

/** The frame's error texts (spec 8), exactly. */
export const FRAME_ERROR_TEXT = {
  /** An RPC request aborted (the user rejected, or the modal closed while it waited). */
  rpcAborted: 'Request was aborted',
  /** Any other aborted request. */
  aborted: 'Something went wrong',
  /** An error reply that carries no message. */
  noMessage: 'An error occurred',
  /** The bridge's chunk failed to load. */
  dependency: 'Unable to load email login dependency',
  /** A request before the iframe exists. */
  noIframe: 'W3mFrame: iframe is not set',
  /** A method on neither list (spec 6). */
  notAllowed: 'Requested RPC call is not allowed',
  /** A request the frame refuses in its state (spec 6). */
  actionNotAllowed: 'Action not allowed',
} as const;

/** The alerts the host shows for frame failures (spec 8). */
export const FRAME_ALERT_TEXT = {
  loadFailed: 'Network Error - Could not load embedded wallet',
  timedOut: 'Embedded Wallet Request Timed Out',
  sessionExpired: 'Session Expired',
} as const;

/** Safe methods (spec 6): answered without asking the user. */
export const SAFE_RPC_METHODS: ReadonlySet<string> = new Set([
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_uninstallFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_supportedEntryPoints',
  'solana_getAccounts',
]);

/** Unsafe methods (spec 6): each needs the user's approval, shown by the frame itself. */
export const UNSAFE_RPC_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
]);

/** How the frame treats a method: answered, approved by the user first, or refused (spec 6). */
export function rpcMethodClass(method: string): 'safe' | 'unsafe' | 'refused' {
  if (SAFE_RPC_METHODS.has(method)) return 'safe';
  if (UNSAFE_RPC_METHODS.has(method)) return 'unsafe';
  return 'refused';
}

/** Social login (spec 4): the popup's size, and how often the host checks it was closed. */
export const SOCIAL_POPUP = { width: 600, height: 800 } as const;
export const SOCIAL_POPUP_POLL_MS = 1_000;
/** The OpenID / OAuth 2 providers (spec 5); Farcaster has its own flow (ConnectingFarcaster). */
export const OAUTH_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
/** The social login failures (spec 4), as the host shows them until the user acts. */
export const SOCIAL_ERROR_TEXT = {
  popupClosed: 'Popup closed',
  initiate: 'Failed to initiate social connection',
  connect: 'Failed to connect',
} as const;
/** The popup's result message, posted by the frame origin's callback page to its opener. */
export const SOCIAL_RESULT_MESSAGE = 'social-result';

/**
 * The PRF input of every w3kit passkey (one public salt: PRF outputs are secret per credential,
 * so the same salt still gives each passkey its own wrapping key): UTF-8 of this label, SHA-256.
 */
export const PASSKEY_PRF_LABEL = 'w3kit passkey recovery share v1';
/** How long a Farcaster sign-in link lives, and how long ConnectFarcaster waits (below 120 s). */
export const FARCASTER_CHANNEL_TTL_MS = 300_000;
export const FARCASTER_WAIT_MS = 115_000;
