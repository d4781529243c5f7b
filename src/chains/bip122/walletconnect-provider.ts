/**
 * A `BitcoinProvider` (./provider.ts) over the bip122 namespace of one WalletConnect session: the
 * Bitcoin adapter speaks to it as to a Wallet Standard Bitcoin wallet. Requests go to the wallet
 * over the relay on the session's topic (WalletConnect's Bitcoin JSON-RPC methods), each naming
 * the session's account (its first address: the payment address):
 *
 * - getAccountAddresses `{ account, intentions: ['payment', 'ordinal'] }` -> `[{ address, intention? }]`
 *   (asked once the session is there: an ordinals address joins the account list)
 * - signMessage `{ account, address, message, protocol: 'bip322' }` -> `{ address, signature }`
 *   (the BIP-322 simple signature, base64 or hex)
 * - signPsbt `{ account, psbt: base64, signInputs: [{ address, index, sighashTypes }], broadcast: false }`
 *   -> `{ psbt: base64, txid? }`
 * - event `bip122_addressesChanged` (a list of `{ address }` or of addresses): the accounts now
 *
 * A malformed reply is a WalletRequestError naming the method; WalletConnect's 5000 'User
 * rejected.' is 4001 (the adapter types it). What all namespaces share (following the session,
 * requests, `connect`, `disconnect`, `end`) is ../walletconnect-link.ts; the session's delete or
 * expiry is an empty account list.
 */
import { WalletConnectSessionError } from '../../core/errors.js';
import { base64Decode, base64Encode } from '../../wire/base64.js';
import type { WcClientLike } from '../../adapters/walletconnect/namespaces.js';
import { linkWcSession, malformedReply as malformed, type WcLinkOptions, type WcLinkSession } from '../walletconnect-link.js';
import type { WcNamespaceProvider } from '../walletconnect-part.js';
import { sessionAccounts } from '../walletconnect-accounts.js';
import { addressInfo, formatAddress } from './address.js';
import type { BitcoinProvider } from './provider.js';

export const BIP122_WC_METHODS = ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'] as const;
export const BIP122_WC_EVENTS = ['bip122_addressesChanged'] as const;
/** The most addresses read from a reply or an event, and the most bytes of a signature or a PSBT reply. */
const MAX_ADDRESSES = 32;
const MAX_SIGNATURE_CHARS = 4096;
const MAX_PSBT_CHARS = 4_000_000;
const SIGHASH_DEFAULT = 0;
const SIGHASH_ALL = 1;

export interface WcBitcoinProvider extends BitcoinProvider, WcNamespaceProvider {
  /** The CAIP-2 id its accounts are on. */
  readonly chain: string;
  /** The accounts now, the session's account first. */
  readonly accounts: string[];
}

export type WcBitcoinProviderOptions = WcLinkOptions;

/** The Bitcoin addresses of a reply or an event: strings or `{ address }` objects; undefined when it is no list. */
function addressesOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: string[] = [];
  for (const item of value.slice(0, MAX_ADDRESSES)) {
    const raw = typeof item === 'string' ? item : (item as { address?: unknown } | null)?.address;
    if (typeof raw === 'string' && addressInfo(raw)) out.push(formatAddress(raw));
  }
  return out;
}

/** A signature given as base64 (as BIP-322 writes it) or as lower-case hex. */
function signatureBytes(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_SIGNATURE_CHARS) return undefined;
  if (/^([0-9a-f]{2})+$/.test(text)) return Uint8Array.from(text.match(/../g)!, (h) => parseInt(h, 16));
  return base64Decode(text);
}

/** A Bitcoin provider over `session`'s bip122 accounts on `chainCaipId` (`bip122:<genesis prefix>`). */
export function createWcBitcoinProvider(
  client: WcClientLike,
  session: WcLinkSession,
  chainCaipId: string,
  options: WcBitcoinProviderOptions = {},
): WcBitcoinProvider {
  const reference = chainCaipId.slice(chainCaipId.indexOf(':') + 1);
  const onChain = (namespaces: WcLinkSession['namespaces']): string[] => {
    const found = sessionAccounts({ namespaces }, [chainCaipId]).bip122;
    return found?.chainId === reference ? found.accounts.map(formatAddress) : [];
  };
  let accounts = onChain(session.namespaces);
  if (!chainCaipId.startsWith('bip122:') || accounts.length === 0) {
    throw new WalletConnectSessionError(`The wallet approved no bip122 account on ${chainCaipId}`);
  }
  /** The session's account: the first address; the wallet's addresses it did not put in the session (ordinals). */
  const account = (): string => accounts[0] ?? '';
  let extra: string[] = [];
  /** The wallet told its addresses by an event: an older getAccountAddresses reply no longer counts. */
  let told = false;

  const set = (next: string[]): void => {
    const list = [...new Set(next)].slice(0, MAX_ADDRESSES);
    if (list.join() === accounts.join()) return;
    accounts = list;
    link.emit(list);
  };
  const link = linkWcSession(
    client,
    session,
    {
      update(namespaces) {
        const next = onChain(namespaces);
        set(next.length ? [...next, ...extra] : []);
      },
      event(event, chainId) {
        if (event.name !== 'bip122_addressesChanged' || chainId !== chainCaipId) return;
        const list = addressesOf(event.data);
        if (!list || (list.length === 0 && Array.isArray(event.data) && event.data.length > 0)) return;
        told = true;
        set(list);
      },
      end: () => set([]),
    },
    options,
  );
  const ask = (method: string, params: unknown, prompts: boolean): Promise<unknown> => link.ask(method, chainCaipId, params, prompts);

  // The ordinals address is not in the session (the wallet connects its first address): ask for it.
  void ask('getAccountAddresses', { account: account(), intentions: ['payment', 'ordinal'] }, false).then(
    (reply) => {
      const list = addressesOf(reply);
      if (!list?.length || link.closed || told) return;
      extra = list.filter((a) => !accounts.includes(a));
      set([...accounts, ...extra]);
    },
    () => undefined,
  );

  return link.provider<WcBitcoinProvider>(
    {
      chain: chainCaipId,
      get accounts() {
        return [...accounts];
      },

      async signMessage(address, message) {
        const text = new TextDecoder('utf-8', { fatal: true }).decode(message);
        const reply = await ask('signMessage', { account: account(), address, message: text, protocol: 'bip322' }, true);
        const signature = signatureBytes((reply as { signature?: unknown } | null)?.signature);
        if (!signature?.length) throw malformed('signMessage', reply);
        return signature;
      },

      async signPsbt(psbt, inputs) {
        const signInputs = inputs.flatMap(({ address, indexes }) =>
          indexes.map((index) => ({
            address,
            index,
            sighashTypes: [addressInfo(address)?.kind === 'p2tr' ? SIGHASH_DEFAULT : SIGHASH_ALL],
          })),
        );
        const reply = await ask('signPsbt', { account: account(), psbt: base64Encode(psbt), signInputs, broadcast: false }, true);
        const text = (reply as { psbt?: unknown } | null)?.psbt;
        const signed = typeof text === 'string' && text.length <= MAX_PSBT_CHARS ? base64Decode(text) : undefined;
        if (!signed?.length) throw malformed('signPsbt', reply);
        return signed;
      },
    },
    () => accounts,
  );
}
