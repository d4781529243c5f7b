import { errorText } from '../../core/errors.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connector } from './connectors.js';

/** A toast message showing `error`'s text (the English the elements show for it). */
const errorShowing = (text: string) => ({ code: 'ERROR', error: { asymmetricMatch: (err: unknown) => errorText(err) === text } });

type ConnectModule = typeof import('./connect.js');
type HandlersModule = typeof import('./connect-handlers.js');
type ConnectorsModule = typeof import('./connectors.js');
type ToastModule = typeof import('../ui/toast.js');
type ErrorsModule = typeof import('../../core/errors.js');

let connect: ConnectModule;
let handlers: HandlersModule;
let connectors: ConnectorsModule;
let toast: ToastModule;
let errors: ErrorsModule;

const metamask: Connector = { id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155' };
const injected: Connector = { id: 'injected', type: 'INJECTED', name: 'Browser Wallet', chain: 'eip155' };
const walletConnect: Connector = { id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chain: 'eip155' };
const coinbase: Connector = { id: 'coinbase', type: 'EXTERNAL', name: 'Coinbase Wallet', chain: 'eip155' };
const phantom: Connector = { id: 'phantom', type: 'MULTI_CHAIN', name: 'Phantom', chain: 'solana' };
const auth: Connector = { id: 'auth', type: 'AUTH', name: 'Auth', chain: 'eip155' };

/** Lets pending promise callbacks run. */
const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(async () => {
  // Handlers are module state without an unregister for auth: load fresh modules per test.
  vi.resetModules();
  connect = await import('./connect.js');
  handlers = await import('./connect-handlers.js');
  connectors = await import('./connectors.js');
  toast = await import('../ui/toast.js');
  errors = await import('../../core/errors.js');
});

afterEach(() => {
  toast.hideToast();
});

describe('validateEmail', () => {
  it("says 'Required' for an empty value", () => {
    expect(connect.validateEmail('')).toBe('REQUIRED');
    expect(connect.validateEmail('   ')).toBe('REQUIRED');
  });

  it("says 'Invalid input' for a malformed address", () => {
    for (const bad of ['me', 'me@', '@example.com', 'me@example', 'me example@x.com', 'a@b@c.com']) {
      expect(connect.validateEmail(bad)).toBe('INVALID');
    }
  });

  it('refuses what the server would: over 254 characters in all, over 64 before the @ (RFC 5321)', () => {
    expect(connect.validateEmail(`${'a'.repeat(300)}@example.com`)).toBe('TOO_LONG');
    expect(connect.validateEmail(`${'a'.repeat(65)}@example.com`)).toBe('LOCAL_TOO_LONG');
    expect(connect.validateEmail(`${'a'.repeat(64)}@example.com`)).toBeUndefined();
    expect(connect.connectWithEmail(`${'a'.repeat(300)}@example.com`)).toBe('TOO_LONG');
  });

  it('accepts a valid address, ignoring surrounding spaces', () => {
    expect(connect.validateEmail('me@example.com')).toBeUndefined();
    expect(connect.validateEmail('  first.last+tag@sub.example.co.uk ')).toBeUndefined();
  });
});

describe('connectWithEmail', () => {
  it('returns the validation message and does not call the handler', () => {
    const email = vi.fn();
    handlers.registerEmailHandler(email);
    expect(connect.connectWithEmail('nope')).toBe('INVALID');
    expect(connect.connectWithEmail('')).toBe('REQUIRED');
    expect(email).not.toHaveBeenCalled();
  });

  it("shows 'No auth connector found' without auth handlers", () => {
    expect(connect.connectWithEmail('me@example.com')).toBeUndefined();
    expect(toast.$toast.get()).toEqual({ open: true, message: { code: 'NO_AUTH_CONNECTOR' }, variant: 'error' });
  });

  it('calls the e-mail handler with the trimmed address', () => {
    const email = vi.fn();
    handlers.registerEmailHandler(email);
    expect(connect.connectWithEmail('  me@example.com ')).toBeUndefined();
    expect(email).toHaveBeenCalledWith('me@example.com');
    expect(toast.$toast.get().open).toBe(false);
  });

  it('shows the short message of a failing handler', async () => {
    handlers.registerEmailHandler(async () => {
      throw new errors.W3Error('Email login failed', { details: 'server said no' });
    });
    connect.connectWithEmail('me@example.com');
    await flush();
    expect(toast.$toast.get()).toEqual({ open: true, message: errorShowing('Email login failed'), variant: 'error' });
  });
});

describe('an e-mail handler that throws synchronously', () => {
  it('shows the error instead of throwing to the caller', () => {
    handlers.registerEmailHandler(() => {
      throw new Error('Auth frame missing');
    });
    expect(() => connect.connectWithEmail('me@example.com')).not.toThrow();
    expect(toast.$toast.get()).toEqual({ open: true, message: errorShowing('Auth frame missing'), variant: 'error' });
  });
});

describe('connectWithConnector', () => {
  it("shows 'Adapter not found' for an unknown connector", () => {
    handlers.registerConnectorHandler('ANNOUNCED', vi.fn());
    connect.connectWithConnector('nope');
    expect(toast.$toast.get()).toEqual({ open: true, message: { code: 'ADAPTER_NOT_FOUND' }, variant: 'error' });
  });

  it("shows 'Adapter not found' when no handler serves the connector's type (WalletConnect not configured)", () => {
    connectors.addConnectors([walletConnect]);
    connect.connectWithConnector('walletConnect');
    expect(toast.$toast.get()).toEqual({ open: true, message: { code: 'ADAPTER_NOT_FOUND' }, variant: 'error' });
  });

  it('opens ConnectingExternal for a wallet found in the page, whatever its namespace: no handler of one namespace replaces another', async () => {
    const { $router, resetRouter } = await import('../ui/router.js');
    const solflare: Connector = { id: 'wallet-standard:Solflare', type: 'ANNOUNCED', name: 'Solflare', chain: 'solana' };
    connectors.addConnectors([metamask, solflare, phantom, coinbase, injected]);
    for (const c of [metamask, solflare, phantom, coinbase, injected]) {
      resetRouter('Connect');
      connect.connectWithConnector(c.id);
      expect($router.get()).toMatchObject({ view: 'ConnectingExternal', data: { connectorId: c.id, title: c.name } });
    }
    expect(toast.$toast.get().open).toBe(false);
  });

  it('shows a wallet with connectors in two namespaces once', () => {
    const evm: Connector = { id: 'dev.w3kit.wallet', type: 'ANNOUNCED', name: 'Dev Wallet', chain: 'eip155' };
    const sol: Connector = { id: 'wallet-standard:Dev Wallet', type: 'ANNOUNCED', name: 'Dev Wallet', chain: 'solana' };
    const rows = connect.sortConnectors([evm, sol, walletConnect], ['walletConnect', 'injected'], []);
    expect(rows.map((r) => r.connector.id)).toEqual(['walletConnect', 'dev.w3kit.wallet']);
  });

  it("calls the handler of the connector's type with the connector", () => {
    connectors.addConnectors([metamask, walletConnect]);
    const announced = vi.fn();
    const wc = vi.fn();
    handlers.registerConnectorHandler('ANNOUNCED', announced);
    handlers.registerConnectorHandler('WALLET_CONNECT', wc);
    connect.connectWithConnector('io.metamask');
    expect(announced).toHaveBeenCalledWith(metamask);
    expect(wc).not.toHaveBeenCalled();
    expect(toast.$toast.get().open).toBe(false);
  });

  it('stops calling a handler once unregistered', () => {
    connectors.addConnectors([walletConnect]);
    const wc = vi.fn();
    const unregister = handlers.registerConnectorHandler('WALLET_CONNECT', wc);
    unregister();
    connect.connectWithConnector('walletConnect');
    expect(wc).not.toHaveBeenCalled();
    expect(toast.$toast.get().message).toEqual({ code: 'ADAPTER_NOT_FOUND' });
  });

  it('shows the error of a rejecting handler', async () => {
    connectors.addConnectors([metamask]);
    handlers.registerConnectorHandler('ANNOUNCED', async () => {
      throw new errors.UserRejectedRequestError();
    });
    connect.connectWithConnector('io.metamask');
    await flush();
    expect(toast.$toast.get()).toEqual({ open: true, message: errorShowing('User rejected the request.'), variant: 'error' });
  });

  it("shows 'An error occurred' for a rejection that is not an Error", async () => {
    connectors.addConnectors([metamask]);
    handlers.registerConnectorHandler('ANNOUNCED', () => Promise.reject('nope'));
    connect.connectWithConnector('io.metamask');
    await flush();
    expect(toast.$toast.get().message).toEqual(errorShowing('An error occurred'));
  });

  it('shows the error of a handler that throws synchronously instead of throwing to the caller', () => {
    connectors.addConnectors([metamask]);
    handlers.registerConnectorHandler('ANNOUNCED', () => {
      throw new Error('No provider');
    });
    expect(() => connect.connectWithConnector('io.metamask')).not.toThrow();
    expect(toast.$toast.get()).toEqual({ open: true, message: errorShowing('No provider'), variant: 'error' });
  });
});

describe('sortConnectors', () => {
  const all = [auth, coinbase, metamask, walletConnect, injected, phantom];
  const DEFAULT_ORDER = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const;

  it('orders by the connector type order with tags', () => {
    const sorted = connect.sortConnectors(all, DEFAULT_ORDER, []);
    expect(sorted.map((s) => [s.connector.id, s.tag])).toEqual([
      ['walletConnect', undefined],
      ['io.metamask', 'Installed'],
      ['injected', 'Installed'],
      ['phantom', 'Installed'],
      ['coinbase', undefined],
    ]);
  });

  it('puts recent wallets in the recent group, once', () => {
    const sorted = connect.sortConnectors(all, DEFAULT_ORDER, [
      { id: 'coinbase', name: 'Coinbase Wallet' },
      { id: 'not-loaded', name: 'Gone' },
    ]);
    expect(sorted.map((s) => [s.connector.id, s.tag])).toEqual([
      ['walletConnect', undefined],
      ['coinbase', 'Recent'],
      ['io.metamask', 'Installed'],
      ['injected', 'Installed'],
      ['phantom', 'Installed'],
    ]);
  });

  it('follows a custom order and leaves out groups not in it', () => {
    const sorted = connect.sortConnectors(all, ['external', 'injected'], [{ id: 'walletConnect', name: 'WC' }]);
    expect(sorted.map((s) => s.connector.id)).toEqual(['coinbase', 'io.metamask', 'injected', 'phantom']);
  });

  it('never lists auth connectors', () => {
    const sorted = connect.sortConnectors([auth], DEFAULT_ORDER, [{ id: 'auth', name: 'Auth' }]);
    expect(sorted).toEqual([]);
  });
});
