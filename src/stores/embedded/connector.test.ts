import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../test-utils/storage.js';
import { networks } from '../../wire/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { storage } from '../app/storage.js';
import { $connectors } from '../connection/connectors.js';
import { initConnectors } from '../connection/discovery.js';
import { initEmbedded } from './connector.js';
import { initNetworks } from '../network/networks.js';
import { clearLoginCache } from './login-cache.js';

const configure = (features: Record<string, unknown>, secureSiteUrl = 'http://127.0.0.1:4303'): void => {
  setOptions({ projectId: 'w3kit-dev', networks: [networks.localhost], ...(secureSiteUrl ? { secureSiteUrl } : {}), features });
  initNetworks();
  initConnectors();
  initEmbedded();
};
const auth = () => $connectors.get().filter((c) => c.type === 'AUTH');

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', new EventTarget());
  $connectors.set([]);
});

afterEach(() => {
  resetOptions();
  vi.unstubAllGlobals();
});

describe('the AUTH connector with socials', () => {
  it('turns on with secureSiteUrl and socials alone, and stays off without secureSiteUrl or with socials false', () => {
    configure({ socials: ['google', 'farcaster'] });
    expect(auth()).toEqual([{ id: 'ID_AUTH', type: 'AUTH', name: 'Email', chain: 'eip155' }]);
    configure({ socials: false });
    expect(auth()).toEqual([]);
    // An empty list is no socials (an empty array is truthy: it must not turn the wallet on).
    configure({ socials: [] });
    expect(auth()).toEqual([]);
    configure({ socials: ['google'] }, '');
    expect(auth()).toEqual([]);
  });
});

describe('the login cache', () => {
  it('clears the social provider and the username with the rest', () => {
    storage.set('emailLoginUsed', true);
    storage.set('socialProvider', 'github');
    storage.set('socialUsername', 'ada');
    clearLoginCache();
    expect(storage.get('emailLoginUsed')).toBeUndefined();
    expect(storage.get('socialProvider')).toBeUndefined();
    expect(storage.get('socialUsername')).toBeUndefined();
  });
});
