import { describe, expect, it } from 'vitest';
import * as account from './account.js';
import * as alerts from './alerts.js';
import * as connectors from './connectors.js';
import * as disconnect from './disconnect.js';
import * as events from './events.js';
import * as stores from './index.js';
import * as modal from './modal.js';
import * as navigation from './navigation.js';
import * as openModal from './open-modal.js';
import * as networks from './networks.js';
import * as options from './options.js';
import * as providers from './providers.js';
import * as router from './router.js';
import * as state from './state.js';
import * as storage from './storage.js';
import * as theme from './theme.js';
import * as toast from './toast.js';

const MODULES = {
  account,
  alerts,
  connectors,
  disconnect,
  events,
  modal,
  navigation,
  openModal,
  networks,
  options,
  providers,
  router,
  state,
  storage,
  theme,
  toast,
};

describe('stores/index', () => {
  it.each(Object.entries(MODULES))('re-exports every export of %s', (_name, mod) => {
    for (const [key, value] of Object.entries(mod)) {
      expect(stores).toHaveProperty(key);
      expect((stores as Record<string, unknown>)[key]).toBe(value);
    }
  });

  it('exposes the same store instances', () => {
    expect(stores.$modal).toBe(modal.$modal);
    expect(stores.$router).toBe(router.$router);
    expect(typeof stores.openModalOn).toBe('function');
    expect(typeof stores.openModal).toBe('function');
  });
});
