import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createW3Modal } from './create.js';
import { W3ConfigError } from './core/errors.js';
import { getInstance, type W3ModalAdapter } from './instance.js';
import { networks } from './wire/networks.js';
import { resetOptions } from './stores/app/options.js';
import { $initialized } from './stores/views/public-state.js';
import { MemoryStorage } from './test-utils/storage.js';

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  resetOptions();
  $initialized.set(false);
});
afterEach(() => vi.unstubAllGlobals());

describe('createW3Modal with adapters', () => {
  it('attaches each adapter once, to the instance, also when createW3Modal runs again', () => {
    const attach = vi.fn(() => () => undefined);
    const adapter: W3ModalAdapter = { attach };
    const modal = createW3Modal({ networks: [networks.mainnet], adapters: [adapter] });
    expect(modal).toBe(getInstance());
    expect(attach).toHaveBeenCalledTimes(1);
    expect(attach).toHaveBeenCalledWith(modal);
    createW3Modal({ networks: [networks.mainnet, networks.base], adapters: [adapter] });
    expect(attach).toHaveBeenCalledTimes(1);
    const second = { attach: vi.fn(() => () => undefined) };
    createW3Modal({ networks: [networks.mainnet], adapters: [adapter, second] });
    expect(second.attach).toHaveBeenCalledTimes(1);
    expect(attach).toHaveBeenCalledTimes(1);
  });

  it('an adapter without attach is a W3ConfigError naming it, and nothing is attached', () => {
    const good = { attach: vi.fn(() => () => undefined) };
    const thrown = (() => {
      try {
        createW3Modal({ networks: [networks.mainnet], adapters: [good, { name: 'not an adapter' } as never] });
      } catch (err) {
        return err;
      }
    })();
    expect(thrown).toBeInstanceOf(W3ConfigError);
    expect((thrown as W3ConfigError).message).toMatch(/adapters\.1/);
    expect((thrown as W3ConfigError).message).toMatch(/attach/);
    expect(good.attach).not.toHaveBeenCalled();
  });
});
