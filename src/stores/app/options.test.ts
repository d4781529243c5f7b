import { beforeEach, describe, expect, it } from 'vitest';
import { W3ConfigError } from '../../core/errors.js';
import { networks } from '../../wire/networks.js';
import { $features, $options, resetOptions, setOptions } from './options.js';
import { $remoteFeatures } from './remote-features.js';

beforeEach(() => {
  resetOptions();
  $remoteFeatures.set(undefined);
});

const DEFAULTS = {
  email: false,
  socials: false,
  swaps: false,
  onramp: false,
  send: true,
  receive: true,
  history: true,
  analytics: false,
  connectMethodsOrder: ['email', 'social', 'wallet'],
  walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
  connectorTypeOrder: ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'],
};

describe('$options', () => {
  it('is undefined before setOptions', () => {
    expect($options.get()).toBeUndefined();
  });

  it('holds the validated options', () => {
    const result = setOptions({ networks: [networks.mainnet], projectId: 'p1' });
    expect($options.get()).toBe(result);
    expect(result.projectId).toBe('p1');
    expect(result.networks[0]?.caipNetworkId).toBe('eip155:1');
  });

  it('resetOptions clears them', () => {
    setOptions({ networks: [networks.mainnet] });
    resetOptions();
    expect($options.get()).toBeUndefined();
  });

  it('a bad option throws and leaves the previous options in place', () => {
    const good = setOptions({ networks: [networks.mainnet], projectId: 'keep' });
    let caught: unknown;
    try {
      setOptions({ networks: [networks.mainnet], projectId: 'new', apiUrl: 'not a url' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(W3ConfigError);
    expect((caught as W3ConfigError).option).toBe('apiUrl');
    expect($options.get()).toBe(good);
    expect($options.get()?.projectId).toBe('keep');
  });

  it('a bad first call leaves the options undefined', () => {
    expect(() => setOptions({ networks: [] })).toThrow(W3ConfigError);
    expect($options.get()).toBeUndefined();
  });
});

describe('$features', () => {
  it('has the defaults without options', () => {
    expect($features.get()).toEqual(DEFAULTS);
  });

  it('has the defaults when options set no features', () => {
    setOptions({ networks: [networks.mainnet] });
    expect($features.get()).toEqual(DEFAULTS);
    expect($features.get().connectMethodsOrder).toEqual(['email', 'social', 'wallet']);
    expect($features.get().walletFeaturesOrder).toEqual(['onramp', 'swaps', 'receive', 'send']);
    expect($features.get().connectorTypeOrder).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ]);
  });

  it('lets options override single features and keeps the other defaults', () => {
    setOptions({
      networks: [networks.mainnet],
      features: {
        email: true,
        socials: ['google', 'x'],
        send: false,
        connectMethodsOrder: ['wallet', 'social', 'email'],
        connectorTypeOrder: ['injected'],
      },
    });
    expect($features.get()).toEqual({
      ...DEFAULTS,
      email: true,
      socials: ['google', 'x'],
      send: false,
      connectMethodsOrder: ['wallet', 'social', 'email'],
      connectorTypeOrder: ['injected'],
    });
  });

  it('goes back to the defaults on reset', () => {
    setOptions({ networks: [networks.mainnet], features: { walletFeaturesOrder: ['send'] } });
    expect($features.get().walletFeaturesOrder).toEqual(['send']);
    resetOptions();
    expect($features.get()).toEqual(DEFAULTS);
  });
});

describe('$features with remote features', () => {
  it('remote features override local ones, which override the defaults', () => {
    setOptions({ networks: [networks.mainnet], features: { email: true, swaps: true, socials: ['google'], history: false } });
    $remoteFeatures.set({ email: false, socials: ['github', 'x'], onramp: true });
    expect($features.get()).toEqual({
      ...DEFAULTS,
      email: false,
      swaps: true,
      socials: ['github', 'x'],
      history: false,
      onramp: true,
    });
  });

  it('applies remote features without options', () => {
    $remoteFeatures.set({ send: false });
    expect($features.get()).toEqual({ ...DEFAULTS, send: false });
  });

  it('a remote key left undefined does not erase a local or default value', () => {
    setOptions({ networks: [networks.mainnet], features: { email: true } });
    $remoteFeatures.set({ email: undefined, receive: undefined });
    expect($features.get()).toEqual({ ...DEFAULTS, email: true });
  });

  it('follows the remote features as they arrive and go', () => {
    setOptions({ networks: [networks.mainnet], features: { swaps: true } });
    const seen: boolean[] = [];
    const stop = $features.subscribe((f) => seen.push(f.swaps));
    $remoteFeatures.set({ swaps: false });
    $remoteFeatures.set(undefined);
    stop();
    expect(seen).toEqual([true, false, true]);
  });
});
