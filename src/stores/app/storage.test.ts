import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, ThrowingStorage } from '../../test-utils/storage.js';
import { STORAGE_PREFIX, STORAGE_SCHEMAS, storage, type StorageKey, type StorageValue } from './storage.js';

type ValidValues = { [K in StorageKey]: StorageValue<K> };

const VALID: ValidValues = {
  recentWallets: [
    { id: 'metamask', name: 'MetaMask', imageUrl: 'https://example.com/mm.png', rdns: 'io.metamask' },
    { id: 'rainbow', name: 'Rainbow' },
  ],
  deepLinkChoice: { href: 'https://link.example.com', name: 'Example Wallet' },
  activeNamespace: 'solana',
  activeNetworks: { eip155: 'eip155:137', solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
  connectedNamespaces: ['eip155', 'solana'],
  connectionStatus: 'connected',
  preferredAccountTypes: { eip155: 'smartAccount', bip122: 'payment' },
  connections: {
    eip155: [
      {
        connectorId: 'injected',
        namespace: 'eip155',
        accounts: [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'eoa' }],
        recent: true,
        name: 'MetaMask',
        auth: { name: 'google', username: 'me' },
      },
    ],
  },
  connectedConnectorIds: { eip155: 'injected' },
  disconnectedConnectorIds: { eip155: ['walletConnect', 'coinbase'] },
  socialProvider: 'github',
  emailLoginUsed: true,
  email: 'me@example.com',
  lastUsedChain: 'eip155',
  lastEmailLoginTime: 1_700_000_000_000,
  socialUsername: 'alice',
  smartAccountEnabledNetworks: '1,137,8453',
};

/** A value of the right JSON but the wrong shape for each key. */
const WRONG_SHAPE: Record<StorageKey, unknown> = {
  recentWallets: [{ id: 1 }],
  deepLinkChoice: { href: 'x' },
  activeNamespace: 'Ethereum',
  activeNetworks: { __proto__x: 'tron:1' },
  connectedNamespaces: ['eip155', 'Ethereum'],
  connectionStatus: 'online',
  preferredAccountTypes: { eip155: 'multisig' },
  connections: { eip155: [{ connectorId: 'x' }] },
  connectedConnectorIds: { eip155: 5 },
  disconnectedConnectorIds: { eip155: 'walletConnect' },
  socialProvider: 'myspace',
  emailLoginUsed: 'yes',
  email: 42,
  lastUsedChain: null,
  lastEmailLoginTime: '1700000000000',
  socialUsername: { name: 'alice' },
  smartAccountEnabledNetworks: '1,,2',
};

const KEYS = Object.keys(STORAGE_SCHEMAS) as StorageKey[];

let backend: MemoryStorage;

beforeEach(() => {
  backend = new MemoryStorage();
  vi.stubGlobal('localStorage', backend);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('storage', () => {
  it('has a valid test value for every key', () => {
    expect(Object.keys(VALID).sort()).toEqual([...KEYS].sort());
    expect(Object.keys(WRONG_SHAPE).sort()).toEqual([...KEYS].sort());
  });

  it.each(KEYS)('round-trips %s', (key) => {
    expect(storage.get(key)).toBeUndefined();
    storage.set(key, VALID[key]);
    expect(storage.get(key)).toEqual(VALID[key]);
    expect(JSON.parse(backend.getItem(`@w3kit/${key}`) as string)).toEqual(VALID[key]);
  });

  it('prefixes keys with @w3kit/', () => {
    expect(STORAGE_PREFIX).toBe('@w3kit/');
    storage.set('email', 'me@example.com');
    expect(backend.keys()).toEqual(['@w3kit/email']);
    expect(backend.getItem('@w3kit/email')).toBe('"me@example.com"');
    expect(backend.getItem('email')).toBeNull();
  });

  it('reads values written directly under the prefixed key', () => {
    backend.setItem('@w3kit/connectionStatus', '"connecting"');
    expect(storage.get('connectionStatus')).toBe('connecting');
  });

  it('ignores values stored without the prefix', () => {
    backend.setItem('connectionStatus', '"connected"');
    expect(storage.get('connectionStatus')).toBeUndefined();
    expect(backend.getItem('connectionStatus')).toBe('"connected"');
  });

  it.each(KEYS)('reads a non-JSON value of %s as undefined and removes it', (key) => {
    backend.setItem(`@w3kit/${key}`, '{not json');
    expect(() => storage.get(key)).not.toThrow();
    backend.setItem(`@w3kit/${key}`, '{not json');
    expect(storage.get(key)).toBeUndefined();
    expect(backend.getItem(`@w3kit/${key}`)).toBeNull();
  });

  it.each(KEYS)('reads a wrongly shaped value of %s as undefined and removes it', (key) => {
    backend.setItem(`@w3kit/${key}`, JSON.stringify(WRONG_SHAPE[key]));
    expect(storage.get(key)).toBeUndefined();
    expect(backend.getItem(`@w3kit/${key}`)).toBeNull();
  });

  it('treats foreign values (written by another library) as corrupt', () => {
    backend.setItem('@w3kit/activeNamespace', 'eip155'); // not JSON-quoted
    backend.setItem('@w3kit/connectedNamespaces', 'undefined');
    backend.setItem('@w3kit/emailLoginUsed', '');
    expect(storage.get('activeNamespace')).toBeUndefined();
    expect(storage.get('connectedNamespaces')).toBeUndefined();
    expect(storage.get('emailLoginUsed')).toBeUndefined();
    expect(backend.length).toBe(0);
  });

  it('leaves other keys alone when removing a corrupt one', () => {
    storage.set('email', 'me@example.com');
    backend.setItem('@w3kit/socialUsername', '[');
    expect(storage.get('socialUsername')).toBeUndefined();
    expect(storage.get('email')).toBe('me@example.com');
  });

  it('throws TypeError from set() for a value that does not match the schema', () => {
    const set = storage.set as (key: StorageKey, value: unknown) => void;
    for (const key of KEYS) {
      expect(() => set.call(storage, key, WRONG_SHAPE[key])).toThrow(TypeError);
    }
    expect(() => set.call(storage, 'activeNamespace', 'Ethereum')).toThrow(
      'storage: value for "activeNamespace" does not match its schema',
    );
    expect(backend.length).toBe(0);
  });

  it('does not overwrite a good value when set() throws', () => {
    storage.set('connectionStatus', 'connected');
    const set = storage.set as (key: StorageKey, value: unknown) => void;
    expect(() => set.call(storage, 'connectionStatus', 'maybe')).toThrow(TypeError);
    expect(storage.get('connectionStatus')).toBe('connected');
  });

  it('keeps only the keys a stored value is known to have, on read and on write', () => {
    backend.setItem('@w3kit/recentWallets', JSON.stringify([{ id: 'a', name: 'A', legacy: true }]));
    expect(storage.get('recentWallets')).toEqual([{ id: 'a', name: 'A' }]);
    const set = storage.set as (key: StorageKey, value: unknown) => void;
    set.call(storage, 'deepLinkChoice', { href: 'https://x.example', name: 'X', extra: 1 });
    expect(JSON.parse(backend.getItem('@w3kit/deepLinkChoice') as string)).toEqual({ href: 'https://x.example', name: 'X' });
  });

  it('overwrites a value', () => {
    storage.set('connectedNamespaces', ['eip155']);
    storage.set('connectedNamespaces', []);
    expect(storage.get('connectedNamespaces')).toEqual([]);
  });

  it('removes a key', () => {
    storage.set('email', 'a@b.c');
    storage.set('socialUsername', 'bob');
    storage.remove('email');
    expect(storage.get('email')).toBeUndefined();
    expect(storage.get('socialUsername')).toBe('bob');
  });

  it('clear() removes every w3kit key but nothing else', () => {
    for (const key of KEYS) storage.set(key, VALID[key]);
    backend.setItem('unrelated', 'keep me');
    storage.clear();
    for (const key of KEYS) expect(storage.get(key)).toBeUndefined();
    expect(backend.keys()).toEqual(['unrelated']);
  });

  describe('when localStorage refuses access', () => {
    beforeEach(() => {
      vi.stubGlobal('localStorage', new ThrowingStorage());
    });

    it.each(KEYS)('reads %s as undefined', (key) => {
      expect(storage.get(key)).toBeUndefined();
    });

    it.each(KEYS)('drops writes of %s without throwing', (key) => {
      expect(() => storage.set(key, VALID[key])).not.toThrow();
    });

    it('remove() and clear() do not throw', () => {
      expect(() => storage.remove('email')).not.toThrow();
      expect(() => storage.clear()).not.toThrow();
    });

    it('still validates values on set()', () => {
      const set = storage.set as (key: StorageKey, value: unknown) => void;
      expect(() => set.call(storage, 'emailLoginUsed', 'yes')).toThrow(TypeError);
    });
  });

  describe('when reading the localStorage global throws', () => {
    beforeEach(() => {
      vi.unstubAllGlobals();
      Object.defineProperty(globalThis, 'localStorage', {
        configurable: true,
        get() {
          const err = new Error('Access is denied for this document.');
          err.name = 'SecurityError';
          throw err;
        },
      });
    });

    afterEach(() => {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    });

    it('reads as undefined and drops writes', () => {
      expect(storage.get('email')).toBeUndefined();
      expect(() => storage.set('email', 'x@y.z')).not.toThrow();
      expect(() => storage.remove('email')).not.toThrow();
    });
  });

  describe('without localStorage (SSR)', () => {
    beforeEach(() => {
      vi.unstubAllGlobals();
    });

    it('reads as undefined and drops writes', () => {
      expect(typeof (globalThis as { localStorage?: unknown }).localStorage).toBe('undefined');
      expect(storage.get('connectionStatus')).toBeUndefined();
      expect(() => storage.set('connectionStatus', 'connected')).not.toThrow();
      expect(storage.get('connectionStatus')).toBeUndefined();
    });
  });

  describe('when setItem throws a quota error', () => {
    it('drops the write and keeps reading', () => {
      const quota = new MemoryStorage();
      quota.setItem = () => {
        const err = new Error('QuotaExceededError');
        err.name = 'QuotaExceededError';
        throw err;
      };
      vi.stubGlobal('localStorage', quota);
      expect(() => storage.set('email', 'x@y.z')).not.toThrow();
      expect(storage.get('email')).toBeUndefined();
    });
  });
});
