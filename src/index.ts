/** `w3kit`: createW3Modal, network presets, error classes and types. No side effects. */
export { createW3Modal } from './create.js';
export { getInstance } from './instance.js';
export type {
  BitcoinTransferRequest,
  CallReceipt,
  CallRequest,
  CallsStatus,
  Eip155TransactionRequest,
  OpenOptions,
  PublicAccount,
  SendCallsRequest,
  SendTransactionOptions,
  SolanaTransferRequest,
  W3ModalAdapter,
  W3ModalInstance,
  WalletActionOptions,
} from './instance.js';
export { registerAdapter } from './chains/registry.js';
export type {
  AdapterDiscovery,
  AdapterEntry,
  AdapterEvents,
  AdapterSession,
  AdapterWallet,
  ChainAdapter,
  FeeSpeed,
  Transfer,
} from './chains/types.js';
export type { SolanaProvider, SolanaSendOptions } from './chains/solana/provider.js';
export type { BitcoinInputsToSign, BitcoinProvider } from './chains/bip122/provider.js';
export { networks, presetByCaipId } from './wire/networks.js';
export type { Network, NativeCurrency, NetworkPresetName } from './wire/networks.js';
export * from './core/errors.js';
export type {
  AccountType,
  ConnectMethod,
  ConnectorTypeOrderItem,
  SocialProvider,
  ThemeMode,
  W3Features,
  W3Metadata,
  W3ModalOptions,
  WalletFeature,
} from './core/options.js';
export type { CaipAddress, CaipNetworkId, ChainNamespace } from './core/caip.js';
/** The `siwx` option's types (CAIP-122 sign-in). */
export type * from './core/siwx.js';
export type { ViewName } from './core/views.js';
export { VIEWS } from './core/views.js';
export type { PublicState } from './stores/views/public-state.js';
export type { W3Event, W3EventType } from './stores/app/events.js';
export type { AccountState, AccountStatus } from './stores/connection/account.js';
export type { AuthStatus } from './stores/connection/auth-status.js';
export { truncateAddress, isEvmAddress, isSolanaAddress } from './core/address.js';
export { SDK_VERSION } from './core/constants.js';
