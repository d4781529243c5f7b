/**
 * The account's passkeys as the Passkeys view reads them (lazy, with the view): the list is a
 * fetcher store keyed by the embedded user that asks the frame (ListPasskeys) each time something
 * starts listening, so showing the view loads it and the view starts nothing; another user is
 * another key (their list never shows for the next). `$passkeys` joins it with the state of an
 * add or remove under way (`$passkeyChanges`, ./state.ts).
 */
import { computed } from 'nanostores';
import type { Passkey } from '../../frame/messages.js';
import { createFetcherStore } from '../app/fetcher.js';
import { onReset } from '../app/reset.js';
import { frameRequest } from './frame.js';
import { $embeddedUser, $passkeyChanges } from './state.js';

export interface PasskeysState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  list: Passkey[];
  /** The failed load's error (status 'error'), else a failed add or remove's. */
  error: unknown;
  busy: boolean;
}

/** The list's key: the user's address (no user: no list). */
const $owner = computed($embeddedUser, (user) => user?.address);

/** The user's passkeys: loads while listened (every time: no lifetime), one request at a time. */
export const $passkeyList = createFetcherStore<Passkey[], string>($owner, {
  fetcher: async () => (await frameRequest('ListPasskeys', {})).passkeys,
});

/** The Passkeys view's model; a reload keeps the list shown. */
export const $passkeys = computed([$passkeyList, $passkeyChanges], ({ data, loading, error }, changes): PasskeysState => {
  const status = loading ? 'loading' : error !== undefined ? 'error' : data ? 'ready' : 'idle';
  return { status, list: data ?? [], error: status === 'error' ? error : changes.error, busy: changes.busy };
});

/** Loads the list again (Try again, after a change), the list shown meanwhile; a failure is kept as its error. Never rejects. */
export function loadPasskeys(): Promise<void> {
  $passkeyChanges.setKey('error', undefined);
  return $passkeyList.revalidate();
}

/** Forgets the list and any change's state (no user: no list). */
export function resetPasskeys(): void {
  $passkeyList.reset();
  $passkeyChanges.set({ error: undefined, busy: false });
}
onReset(resetPasskeys);
