/**
 * The account's devices as the Devices view reads them (lazy, with the view), as the passkey
 * list does (./passkey-list.ts): a fetcher store keyed by the embedded user that asks the frame
 * (ListDevices) each time something starts listening; another user is another key. Removing a
 * device (RemoveDevice) reloads the list; removing this device logs out (the frame forgot its
 * session: every namespace on the embedded wallet disconnects).
 */
import { atom, computed } from 'nanostores';
import type { AccountDevice } from '../../frame/messages.js';
import { createFetcherStore } from '../app/fetcher.js';
import { onReset } from '../app/reset.js';
import { frameRequest } from './frame.js';
import { endEmbeddedSession } from './session.js';
import { $embeddedUser } from './state.js';

export interface DevicesState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  list: AccountDevice[];
  /** The failed load's error (status 'error'), else a failed removal's. */
  error: unknown;
  busy: boolean;
}

const $owner = computed($embeddedUser, (user) => user?.address);

/** The user's devices: loads while listened (every time: no lifetime), one request at a time. */
export const $deviceList = createFetcherStore<AccountDevice[], string>($owner, {
  fetcher: async () => (await frameRequest('ListDevices', {})).devices,
});

/** A removal under way (busy) or failed (error). */
export const $deviceChanges = atom<{ busy: boolean; error: unknown }>({ busy: false, error: undefined });

/** The Devices view's model; a reload keeps the list shown. */
export const $devices = computed([$deviceList, $deviceChanges], ({ data, loading, error }, changes): DevicesState => {
  const status = loading ? 'loading' : error !== undefined ? 'error' : data ? 'ready' : 'idle';
  return { status, list: data ?? [], error: status === 'error' ? error : changes.error, busy: changes.busy };
});

/** Loads the list again (Try again, after a removal). Never rejects. */
export function loadDevices(): Promise<void> {
  $deviceChanges.set({ busy: false, error: undefined });
  return $deviceList.revalidate();
}

/** Removes a device; this device's removal logs out. A failure is kept in `$deviceChanges.error`. */
export async function removeDevice(id: string): Promise<void> {
  if ($deviceChanges.get().busy) return;
  $deviceChanges.set({ busy: true, error: undefined });
  let signedOut: boolean;
  try {
    ({ signedOut } = await frameRequest('RemoveDevice', { id }));
  } catch (err) {
    return void $deviceChanges.set({ busy: false, error: err });
  }
  $deviceChanges.set({ busy: false, error: undefined });
  if (signedOut) return endEmbeddedSession();
  await $deviceList.revalidate();
}

export function resetDevices(): void {
  $deviceList.reset();
  $deviceChanges.set({ busy: false, error: undefined });
}
onReset(resetDevices);
$embeddedUser.listen((user) => {
  if (!user) resetDevices();
});
