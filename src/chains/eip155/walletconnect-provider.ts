import {
  ChainDisconnectedError,
  InvalidParamsRpcError,
  MissingConfigError,
  ProviderDisconnectedError,
  SwitchChainError,
  toRpcError,
  WalletConnectSessionError,
  type W3Error,
} from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';
import { chainClient, toChainError } from './chain.js';
import type { Eip1193Provider } from './provider.js';
import { addChainParams } from './wallet.js';
import {
  accountsOnChain,
  approvedChains,
  chainNumber,
  hex,
  switchRoute,
  type SessionNamespace,
  type WcClientLike,
  type WcSessionLike,
} from '../../adapters/walletconnect/namespaces.js';

import { PendingRequests, PROMPTING_METHODS, type PendingWalletRequest } from '../../adapters/walletconnect/pending.js';

interface TopicPayload {
  topic: string;
}
interface UpdatePayload extends TopicPayload {
  params: { namespaces: Record<string, SessionNamespace> };
}
interface EventPayload extends TopicPayload {
  params: { event: { name: string; data: unknown }; chainId: string };
}

export interface WcProviderOptions {
  /** The chain to start on (`eip155:N`); else the session's first approved chain. */
  chain?: string | undefined;
  /** The configured network of a chain id, whose RPC serves the reads the wallet does not handle. */
  network(chainId: number): Network | undefined;
  /** How long, after the wallet answered a switch to a chain new to the session, to wait for its session update (default 10 s). */
  chainAddedWaitMs?: number;
  /** Sees the oldest request waiting for the person in the wallet (signing, sending), undefined when none. */
  onPending?(pending: PendingWalletRequest | undefined): void;
}

/**
 * An EIP-1193 provider over one WalletConnect session (eip155). Accounts and the chain are read
 * from the session; wallet methods the session approved go to the wallet over the relay; other
 * methods (chain reads) go to the network's RPC URL. Switching to an approved chain happens here
 * and emits chainChanged and accountsChanged; an unapproved chain goes to the wallet when it
 * approved wallet_switchEthereumChain or wallet_addEthereumChain (see switchRoute), and is used
 * once the wallet's session update approves accounts on it; otherwise it fails with 'Chain is
 * not supported'. The session never moves to a chain it holds no account on (an empty account
 * list would read as the wallet disconnecting). Session updates, events, deletes and expiry
 * become accountsChanged, chainChanged and disconnect.
 */
export class WalletConnectProvider implements Eip1193Provider {
  readonly topic: string;
  private namespaces: Record<string, SessionNamespace>;
  private chain: string;
  private readonly listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  private closed = false;
  private readonly unsubscribe: () => void;
  /** A chain the wallet announced (chainChanged) before the session approved accounts on it. */
  private announcedChain: string | undefined;
  /** Checks run after every session update (switches waiting for the wallet to add their chain). */
  private readonly updateWaiters = new Set<() => void>();
  private readonly pending: PendingRequests;

  constructor(
    private readonly client: WcClientLike,
    session: WcSessionLike,
    private readonly options: WcProviderOptions,
  ) {
    this.topic = session.topic;
    this.namespaces = session.namespaces;
    this.pending = new PendingRequests((p) => options.onPending?.(p));
    const chains = approvedChains(this.namespaces, 'eip155');
    const first = chains[0];
    if (!first) throw new WalletConnectSessionError('The wallet approved no eip155 chain', { messageCode: 'NoEip155Chain' });
    this.chain = options.chain && chains.includes(options.chain) ? options.chain : first;
    const onUpdate = (p: UpdatePayload): void => {
      if (p.topic === this.topic) this.applyNamespaces(p.params.namespaces);
    };
    const onEvent = (p: EventPayload): void => {
      if (p.topic === this.topic) this.applyEvent(p.params.event.name, p.params.event.data);
    };
    const onEnd = (p: TopicPayload): void => {
      if (p.topic === this.topic) this.end();
    };
    client.on('session_update', onUpdate);
    client.on('session_event', onEvent);
    client.on('session_delete', onEnd);
    client.on('session_expire', onEnd);
    this.unsubscribe = () => {
      client.off('session_update', onUpdate);
      client.off('session_event', onEvent);
      client.off('session_delete', onEnd);
      client.off('session_expire', onEnd);
    };
  }

  get chainId(): number {
    return chainNumber(this.chain) ?? 0;
  }

  get accounts(): string[] {
    return accountsOnChain(this.namespaces, this.chain);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  on(event: string, listener: (...args: unknown[]) => void): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  removeListener(event: string, listener: (...args: unknown[]) => void): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(...args);
      } catch {
        // a listener's failure is its own
      }
    }
  }

  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    if (this.closed) throw new ProviderDisconnectedError('Please call connect() before request()');
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return this.accounts;
      case 'eth_chainId':
        return hex(this.chainId);
      case 'net_version':
        return String(this.chainId);
      case 'wallet_revokePermissions':
        // The session store ends the WalletConnect session itself (session delete).
        return null;
      case 'wallet_switchEthereumChain':
        return this.switchChain(params);
    }
    if (this.walletMethods().has(method)) return this.toWallet(method, params);
    return this.readFromChain(method, params);
  }

  /**
   * A request to the wallet over the relay; its JSON-RPC error (a plain object) becomes a typed
   * Error with the code. One the person answers in the wallet is tracked as pending (cancellable).
   */
  private toWallet(method: string, params: unknown): Promise<unknown> {
    const sent = this.client
      .request({ topic: this.topic, chainId: this.chain, request: params === undefined ? { method } : { method, params } })
      .catch((err: unknown) => {
        throw toRpcError(err);
      });
    return PROMPTING_METHODS.has(method) ? this.pending.track(method, sent) : sent;
  }

  private walletMethods(): Set<string> {
    return new Set(this.namespaces['eip155']?.methods ?? []);
  }

  private async switchChain(params: unknown): Promise<null> {
    const requested = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined)?.chainId : undefined;
    const id = chainNumber(requested);
    if (id === undefined) throw new InvalidParamsRpcError('Invalid chainId');
    const target = `eip155:${id}`;
    const route = switchRoute(this.namespaces, target);
    if (route === 'unsupported') throw this.notSupported(target);
    if (route === 'wallet') {
      await this.askWalletToSwitch(id, target);
      await this.sessionApproves(target);
    }
    this.setChain(target);
    return null;
  }

  private notSupported(target: string, why?: string): W3Error {
    return new ChainDisconnectedError('Chain is not supported', {
      messageCode: 'ChainNotSupportedError',
      details: why ?? `The wallet approved ${approvedChains(this.namespaces, 'eip155').join(', ')} in this session, not ${target}`,
    });
  }

  /** wallet_switchEthereumChain over the session (on the current, approved chain); on 4902 wallet_addEthereumChain. */
  private async askWalletToSwitch(id: number, target: string): Promise<void> {
    const methods = this.walletMethods();
    try {
      if (!methods.has('wallet_switchEthereumChain')) throw new SwitchChainError();
      await this.toWallet('wallet_switchEthereumChain', [{ chainId: hex(id) }]);
    } catch (err) {
      if ((err as W3Error).code !== SwitchChainError.code) throw err;
      const network = this.options.network(id);
      if (!network || !methods.has('wallet_addEthereumChain')) throw this.notSupported(target, `The wallet does not know ${target}`);
      await this.toWallet('wallet_addEthereumChain', [addChainParams(network)]);
    }
  }

  /** Resolves once the session approves accounts on `target` (the wallet's session update); else 'Chain is not supported'. */
  private sessionApproves(target: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (this.closed) finish(new ProviderDisconnectedError('Provider disconnected'));
        else if (accountsOnChain(this.namespaces, target).length > 0) finish();
      };
      const finish = (err?: W3Error): void => {
        clearTimeout(timer);
        this.updateWaiters.delete(check);
        if (err) reject(err);
        else resolve();
      };
      const timer = setTimeout(
        () => finish(this.notSupported(target, `The wallet answered, but did not add ${target} to the session`)),
        this.options.chainAddedWaitMs ?? 10_000,
      );
      this.updateWaiters.add(check);
      check();
    });
  }

  private setChain(target: string): void {
    if (target === this.chain || accountsOnChain(this.namespaces, target).length === 0) return;
    this.chain = target;
    this.emit('chainChanged', hex(this.chainId));
    this.emit('accountsChanged', this.accounts);
  }

  private applyNamespaces(namespaces: Record<string, SessionNamespace>): void {
    const before = this.accounts.join();
    this.namespaces = namespaces;
    const chains = approvedChains(namespaces, 'eip155');
    const announced = this.announcedChain;
    if (announced && accountsOnChain(namespaces, announced).length > 0) {
      this.announcedChain = undefined;
      this.setChain(announced);
    } else if (!chains.includes(this.chain) && chains[0]) {
      this.setChain(chains[0]);
    } else if (this.accounts.join() !== before) {
      this.emit('accountsChanged', this.accounts);
    }
    for (const check of [...this.updateWaiters]) check();
  }

  private applyEvent(name: string, data: unknown): void {
    if (name === 'chainChanged') {
      const id = chainNumber(data);
      if (id === undefined) return;
      const target = `eip155:${id}`;
      // A chain new to the session is used once the wallet's session update approves it.
      if (accountsOnChain(this.namespaces, target).length > 0) this.setChain(target);
      else this.announcedChain = target;
    } else if (name === 'accountsChanged' && Array.isArray(data)) {
      const addresses = data.filter((a): a is string => typeof a === 'string').map((a) => a.slice(a.lastIndexOf(':') + 1));
      this.emit('accountsChanged', addresses);
    }
  }

  /** A read the wallet does not handle, over the network's own RPC client (batching, retries, timeout). */
  private async readFromChain(method: string, params: unknown): Promise<unknown> {
    const network = this.options.network(this.chainId);
    if (!network) throw new MissingConfigError('No RPC url provided for chainId', { details: this.chain });
    try {
      return await chainClient(network).request({ method, params: params ?? [] } as never);
    } catch (err) {
      throw toChainError(err);
    }
  }

  /** The session ended (deleted by the wallet, expired, or closed here): emits disconnect once. */
  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    for (const check of [...this.updateWaiters]) check();
    this.pending.failAll(new ProviderDisconnectedError('Provider disconnected'));
    this.emit('disconnect', new ProviderDisconnectedError('Provider disconnected'));
  }
}
