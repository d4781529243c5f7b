/**
 * A `SolanaProvider` (../solana/provider.ts) over the solana namespace of one WalletConnect
 * session: the Solana adapter speaks to it as to any other Solana wallet. Requests go to the
 * wallet over the relay on the session's topic (WalletConnect's Solana JSON-RPC methods):
 *
 * - solana_signMessage `{ message: base58, pubkey }` -> `{ signature: base58 }`
 * - solana_signTransaction `{ transaction: base64 }` -> `{ transaction: base64 }` (the signed
 *   transaction) and/or `{ signature: base58 }` (the signer's signature, put in its slot here)
 * - solana_signAndSendTransaction `{ transaction: base64, sendOptions }` -> `{ signature: base58 }`
 *
 * A malformed reply is a WalletRequestError naming the method; the wallet's JSON-RPC errors are
 * typed by code (4001, and WalletConnect's 5000 'User rejected.', are UserRejectedRequestError).
 * What all namespaces share (following the session, requests, `connect`, `disconnect`, `end`) is
 * ../walletconnect-link.ts. Session updates and accountsChanged events follow into
 * `onAccountsChanged`; the session's delete or expiry is an empty account list.
 */
import { ChainDisconnectedError, WalletConnectSessionError, WalletRequestError, type W3Error } from '../../core/errors.js';
import { networks } from '../../wire/networks.js';
import type { SolanaProvider, SolanaSendOptions } from './provider.js';
import type { WcSignClient } from '../../adapters/walletconnect/client.js';
import type { WcClientLike } from '../../adapters/walletconnect/namespaces.js';
import { linkWcSession, malformedReply as malformed, type WcLinkOptions, type WcLinkSession } from '../walletconnect-link.js';
import type { WcNamespaceProvider } from '../walletconnect-part.js';
import { sessionAccounts } from '../walletconnect-accounts.js';
import {
  base58Decode,
  base58Encode,
  base64Decode,
  base64Encode,
  isSolanaAddress,
  transactionLayout,
  withSignature,
} from './walletconnect-codec.js';

/** Wallet Standard chain names and the CAIP-2 ids of their presets. */
const STANDARD_CHAINS: Record<string, string> = {
  'solana:mainnet': networks.solana.caipNetworkId,
  'solana:devnet': networks.solanaDevnet.caipNetworkId,
  'solana:testnet': networks.solanaTestnet.caipNetworkId,
  'solana:localnet': networks.solanaLocal.caipNetworkId,
};
const MAX_EVENT_ACCOUNTS = 32;

export type WcSolanaProviderOptions = WcLinkOptions;

/** The provider, plus what the session's owner needs to stop it. */
export interface WcSolanaProvider extends SolanaProvider, WcNamespaceProvider {
  /** The CAIP-2 id its accounts and its message signatures are on. */
  readonly chain: string;
}

function badInput(what: string): W3Error {
  return new WalletRequestError(what);
}

/** The signature (64 bytes) in a reply's `signature` field; undefined when there is none that is one. */
function signatureOf(reply: unknown): Uint8Array | undefined {
  const text = (reply as { signature?: unknown } | null)?.signature;
  const bytes = typeof text === 'string' && text.length <= 100 ? base58Decode(text) : undefined;
  return bytes?.length === 64 ? bytes : undefined;
}

const signed = (signature: Uint8Array | undefined): boolean => !!signature && signature.some((b) => b !== 0);

/**
 * A Solana provider over `session`'s solana namespace; `chainCaipId` (`solana:<genesis prefix>`)
 * is the chain whose accounts it gives and on which messages are signed. Transactions go to the
 * chain they are for (a Wallet Standard name or a CAIP-2 id), which the session must approve.
 */
export function createWcSolanaProvider(
  wcClient: WcSignClient | WcClientLike,
  session: WcLinkSession,
  chainCaipId: string,
  options: WcSolanaProviderOptions = {},
): WcSolanaProvider {
  let namespaces = session.namespaces;
  const accountsOn = (chain: string): string[] => sessionAccounts({ namespaces }, [chain]).solana?.accounts ?? [];
  const onChain = (chain: string): boolean => sessionAccounts({ namespaces }, [chain]).solana?.chainId === chain.slice(7);
  if (!chainCaipId.startsWith('solana:') || !onChain(chainCaipId)) {
    throw new WalletConnectSessionError(`The wallet approved no solana account on ${chainCaipId}`);
  }
  let accounts = accountsOn(chainCaipId);

  const link = linkWcSession(
    wcClient as WcClientLike,
    session,
    {
      update(next) {
        namespaces = next;
        const list = accountsOn(chainCaipId);
        if (list.join() === accounts.join()) return;
        accounts = list;
        link.emit(accounts);
      },
      event(event, chainId) {
        if (event.name !== 'accountsChanged' || !String(chainId).startsWith('solana:')) return;
        const data = event.data;
        if (!Array.isArray(data)) return;
        const list = data
          .slice(0, MAX_EVENT_ACCOUNTS)
          .map((a: unknown) => (typeof a === 'string' ? a.slice(a.lastIndexOf(':') + 1) : ''))
          .filter(isSolanaAddress);
        if (list.length === 0 && data.length > 0) return;
        accounts = [...new Set(list)];
        link.emit(accounts);
      },
      end() {
        accounts = [];
        link.emit([]);
      },
    },
    options,
  );

  /** The CAIP-2 id of a request's chain, which the session must approve. */
  const chainFor = (chain: string): string => {
    const id = STANDARD_CHAINS[chain] ?? chain;
    if (id.startsWith('solana:') && onChain(id)) return id;
    throw new ChainDisconnectedError('Chain is not supported', {
      messageCode: 'ChainNotSupportedError',
      details: `The wallet approved no solana account on ${chain} in this session`,
    });
  };

  const ask = (method: string, chain: string, params: unknown): Promise<unknown> => link.ask(method, chain, params);

  const checkAddress = (address: string): void => {
    if (!isSolanaAddress(address)) throw badInput(`Not a Solana address: ${String(address).slice(0, 60)}`);
  };
  const checkTransaction = (transaction: Uint8Array, signer: string): void => {
    const layout = transaction instanceof Uint8Array ? transactionLayout(transaction) : undefined;
    if (!layout) throw badInput('Not a serialized Solana transaction');
    if (!layout.signers.includes(signer)) throw badInput(`${signer} is not a signer of this transaction`);
  };

  return link.provider<WcSolanaProvider>(
    {
      chain: chainCaipId,

      async signMessage(address, message) {
        checkAddress(address);
        if (!(message instanceof Uint8Array)) throw badInput('The message to sign must be bytes');
        const reply = await ask('solana_signMessage', chainCaipId, { message: base58Encode(message), pubkey: address });
        const signature = signatureOf(reply);
        if (!signature) throw malformed('solana_signMessage', reply);
        return signature;
      },

      async signTransaction(address, transaction, chain) {
        checkAddress(address);
        checkTransaction(transaction, address);
        const reply = await ask('solana_signTransaction', chainFor(chain), { transaction: base64Encode(transaction) });
        const text = (reply as { transaction?: unknown } | null)?.transaction;
        if (typeof text === 'string') {
          const bytes = base64Decode(text);
          const layout = bytes && transactionLayout(bytes);
          const index = layout ? layout.signers.indexOf(address) : -1;
          if (!bytes || !layout || !signed(layout.signatures[index])) throw malformed('solana_signTransaction', reply);
          return bytes;
        }
        const signature = signatureOf(reply);
        const out = signature && signed(signature) ? withSignature(transaction, address, signature) : undefined;
        if (!out) throw malformed('solana_signTransaction', reply);
        return out;
      },

      async signAndSendTransaction(address, transaction, chain, sendOptions?: SolanaSendOptions) {
        checkAddress(address);
        checkTransaction(transaction, address);
        const params = { transaction: base64Encode(transaction), ...(sendOptions ? { sendOptions } : {}) };
        const reply = await ask('solana_signAndSendTransaction', chainFor(chain), params);
        const signature = signatureOf(reply);
        if (!signature || !signed(signature)) throw malformed('solana_signAndSendTransaction', reply);
        return signature;
      },
    },
    () => accounts,
  );
}
