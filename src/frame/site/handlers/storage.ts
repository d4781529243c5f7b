/**
 * Whether the frame keeps its data (frame-storage.ts), and the 'Stay logged in' screen that asks
 * the browser for it from the user's click. A frame without the storage dependency (tests, the
 * dApp's own site) always keeps it.
 */
import type { Handlers } from './types.js';

export const storageHandlers: Handlers<'GetStorage' | 'RequestStorage'> = {
  async GetStorage(_payload, ctx) {
    return { storage: ctx.storage?.mode() ?? 'persistent' };
  },

  async RequestStorage(_payload, ctx) {
    const { storage, storageScreen } = ctx;
    if (!storage) return { storage: 'persistent' };
    const mode = storage.mode();
    if (mode !== 'ask' || !storageScreen) return { storage: mode === 'persistent' ? 'persistent' : 'session' };
    return { storage: await storageScreen.run(storage) };
  },
};
