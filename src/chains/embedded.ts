/**
 * The page-side part of each namespace the embedded wallet's frame holds keys for
 * (src/chains/frame-namespaces.ts): the provider that speaks to the frame, given to the
 * namespace's adapter like any wallet's. Loaded with the embedded wallet's session (lazy).
 */
import type { ApprovalHook, FrameRequester } from '../adapters/auth/frame-rpc.js';
import type { FramePayload } from '../frame/messages.js';
import { createAuthEip155Provider } from './eip155/embedded-provider.js';
import { WALLET_CHAIN_TO_CAIP } from './solana/chains.js';
import { createAuthSolanaProvider } from './solana/embedded-provider.js';

type EmbeddedNamespace = FramePayload<'RpcRequest'>['namespace'];

/** What the session keeps of a provider: it follows the user's address (undefined: logged out). */
export interface EmbeddedProvider {
  setAccount(address: string | undefined): void;
}

export interface EmbeddedProviderOptions {
  frame: FrameRequester;
  /** The user's address on the namespace (GetUser). */
  address: string;
  /** The CAIP-2 id of the namespace's network to use; undefined when the app has none and the user's chain is elsewhere. */
  chainId: () => string | undefined;
  onApproval?: ApprovalHook;
}

export const EMBEDDED_PROVIDERS: Record<EmbeddedNamespace, (options: EmbeddedProviderOptions) => EmbeddedProvider> = {
  eip155: ({ chainId, ...rest }) => createAuthEip155Provider({ ...rest, chainId: chainId() ?? 'eip155:1' }),
  solana: ({ chainId, ...rest }) =>
    createAuthSolanaProvider({ ...rest, chainId: () => chainId() ?? WALLET_CHAIN_TO_CAIP.get('solana:mainnet')! }),
};
