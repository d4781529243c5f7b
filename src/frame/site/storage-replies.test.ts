/**
 * The frame's storage requests and its refusals' words (issue 32, a frame on another site):
 * GetStorage says the mode, RequestStorage shows the 'Stay logged in' screen only when the frame
 * may ask, and a browser's own exception (IndexedDB's 'The user denied permission to access the
 * database.') never reaches the host in its words; the frame's storage refusal has its reason.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { W3Error } from '../../core/errors/base.js';
import type { StorageMode } from './frame-storage.js';
import { startFrameHarness } from './test-utils/frame-harness.js';
import { FRAME_REPLY_TEXT } from './texts.js';

let harness: ReturnType<typeof startFrameHarness> | undefined;
afterEach(() => {
  harness?.close();
  harness = undefined;
  vi.restoreAllMocks();
});

const RAW = 'The user denied permission to access the database.';

function withStorage(mode: StorageMode, screenAnswer: 'persistent' | 'session' = 'session') {
  harness = startFrameHarness();
  let current = mode;
  const shown: string[] = [];
  harness.ctx.storage = {
    mode: () => current,
    request: async () => (current = screenAnswer),
    decline: () => void (current = 'session'),
  };
  harness.ctx.storageScreen = {
    run: async (storage) => {
      shown.push('screen');
      return storage.request();
    },
    dismiss: () => undefined,
  };
  return { h: harness, shown };
}

describe('frame storage requests', () => {
  it("answers GetStorage with the mode ('persistent' without the dependency)", async () => {
    harness = startFrameHarness();
    expect((await harness.call('GetStorage')).payload).toEqual({ storage: 'persistent' });
    harness.close();
    const { h } = withStorage('ask');
    expect((await h.call('GetStorage')).payload).toEqual({ storage: 'ask' });
  });

  it('shows the screen only when the frame may ask, and answers the mode it ends in', async () => {
    const asked = withStorage('ask', 'persistent');
    expect((await asked.h.call('RequestStorage')).payload).toEqual({ storage: 'persistent' });
    expect(asked.shown).toEqual(['screen']);
    expect((await asked.h.call('RequestStorage')).payload).toEqual({ storage: 'persistent' });
    expect(asked.shown).toEqual(['screen']);
    asked.h.close();
    const session = withStorage('session');
    expect((await session.h.call('RequestStorage')).payload).toEqual({ storage: 'session' });
    expect(session.shown).toEqual([]);
  });

  it("never answers with a browser's own words; the storage refusal has its reason", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    harness = startFrameHarness();
    harness.ctx.store.deviceId = () => Promise.reject(new DOMException(RAW, 'UnknownError'));
    const raw = await harness.call('ConnectEmail', { email: 'ada@example.com' });
    expect(raw.ok).toBe(false);
    expect(JSON.stringify(raw.error)).not.toContain('denied permission');
    expect(raw.error).toMatchObject({ message: 'Something went wrong', reason: 'ABORTED' });

    harness.ctx.store.deviceId = () => Promise.reject(new W3Error(FRAME_REPLY_TEXT.storageRefused));
    const refused = await harness.call('ConnectEmail', { email: 'ada@example.com' });
    expect(refused.error).toMatchObject({ message: FRAME_REPLY_TEXT.storageRefused, reason: 'STORAGE_REFUSED' });
  });
});
