/**
 * The embedded wallet's EIP-1193 provider: the eip155 adapter speaks to it as to any wallet.
 * Accounts and the chain come from the frame's user; switching asks the frame (SwitchNetwork);
 * every other method is an RpcRequest the frame classifies (spec 6), unsafe ones approved by the
 * user inside the frame. The page never sees key material: only addresses, signatures, hashes.
 */
import { InvalidParamsRpcError } from '../../core/errors.js';
import type { Eip1193Provider } from './provider.js';
import { frameRpc, typeFrameError, type ApprovalHook, type FrameRequester } from '../../adapters/auth/frame-rpc.js';

type Listener = (...args: unknown[]) => void;
const EVENTS = ['accountsChanged', 'chainChanged', 'disconnect'] as const;
type AuthEvent = (typeof EVENTS)[number];

export interface AuthEip155Provider extends Eip1193Provider {
  on(event: string, listener: Listener): this;
  removeListener(event: string, listener: Listener): this;
  /** The CAIP-2 id of the chain the provider is on. */
  readonly chainId: string;
  /** Sets the user's address (undefined: logged out, accountsChanged([])). */
  setAccount(address: string | undefined): void;
  /** Ends the provider (disconnect event); later requests fail. */
  emitDisconnect(): void;
}

export interface AuthEip155Options {
  frame: FrameRequester;
  /** The user's eip155 address (GetUser). */
  address: string | undefined;
  /** The CAIP-2 id of the chain to start on (`eip155:1`). */
  chainId: string;
  onApproval?: ApprovalHook;
}

const toHex = (reference: string): `0x${string}` => `0x${BigInt(reference).toString(16)}`;

function parseSwitchTarget(params: unknown): string {
  const first: unknown = Array.isArray(params) ? params[0] : undefined;
  const hex = typeof first === 'object' && first !== null ? (first as { chainId?: unknown }).chainId : undefined;
  if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(hex))
    throw new InvalidParamsRpcError('wallet_switchEthereumChain expects [{ chainId: hex }]');
  return `eip155:${BigInt(hex).toString(10)}`;
}

export function createAuthEip155Provider(options: AuthEip155Options): AuthEip155Provider {
  const listeners = new Map<AuthEvent, Set<Listener>>(EVENTS.map((e) => [e, new Set()]));
  const emit = (event: AuthEvent, ...args: unknown[]): void => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args);
  };
  let address = options.address;
  let chainId = options.chainId;
  const accounts = (): string[] => (address ? [address] : []);

  const provider: AuthEip155Provider = {
    get chainId() {
      return chainId;
    },
    async request({ method, params }) {
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return accounts();
        // The page's permission is the session itself (disconnect signs out): nothing to revoke in the frame.
        case 'wallet_revokePermissions':
          return null;
        case 'eth_chainId':
          return toHex(chainId.slice('eip155:'.length));
        case 'wallet_switchEthereumChain': {
          const target = parseSwitchTarget(params);
          let reply: { chainId: string };
          try {
            reply = await options.frame.request('SwitchNetwork', { chainId: target });
          } catch (err) {
            throw typeFrameError(err);
          }
          if (reply.chainId !== chainId) {
            chainId = reply.chainId;
            emit('chainChanged', toHex(chainId.slice('eip155:'.length)));
          }
          return null;
        }
        default:
          return frameRpc(options.frame, options.onApproval, {
            namespace: 'eip155',
            chainId,
            method,
            ...(params === undefined ? {} : { params: params as unknown[] }),
          });
      }
    },
    on(event, listener) {
      listeners.get(event as AuthEvent)?.add(listener);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event as AuthEvent)?.delete(listener);
      return provider;
    },
    setAccount(next) {
      if (next === address) return;
      address = next;
      emit('accountsChanged', accounts());
    },
    emitDisconnect() {
      address = undefined;
      emit('disconnect', new Error('The embedded wallet signed out'));
    },
  };
  return provider;
}
