/** The embedded wallet's views: e-mail login and checks, socials, passkeys, devices, approvals. */
import { $deviceList } from '../../../src/stores/embedded/device-list.js';
import { $passkeyList } from '../../../src/stores/embedded/passkey-list.js';
import { $emailChange, $emailLogin } from '../../../src/stores/embedded/state.js';
import { DEVICES, EMAIL, PASSKEYS, embeddedUser } from '../fixtures/embedded.js';
import type { GalleryState } from './types.js';

const email: Pick<GalleryState, 'options'> = {
  options: { features: { email: true, socials: ['google', 'github', 'discord', 'farcaster'] } },
};
/** The login waiting on the code (`otp`) or on the device's approval (`device`) sent to `address`. */
const sentTo =
  (address: string, step: 'otp' | 'device' = 'otp') =>
  () =>
    void $emailLogin.set({ step, email: address, error: undefined, resendAt: 0 });

export const EMBEDDED_STATES: GalleryState[] = [
  { ...email, view: 'EmailLogin', state: 'default' },
  { ...email, view: 'EmailVerifyOtp', state: 'default', setup: sentTo(EMAIL) },
  {
    ...email,
    view: 'EmailVerifyOtp',
    state: 'long-texts',
    setup: sentTo(`a.very.long.mailbox.name.for.testing.layouts@${'sub.'.repeat(6)}example.org`),
  },
  { ...email, view: 'EmailVerifyDevice', state: 'default', setup: sentTo(EMAIL, 'device') },
  {
    ...email,
    view: 'UpdateEmailWallet',
    state: 'default',
    connected: true,
    setup: () => (embeddedUser(), $emailChange.setKey('newEmail', undefined)),
  },
  { ...email, view: 'ApproveTransaction', state: 'default', connected: true },
  { ...email, view: 'Passkeys', state: 'full', connected: true, setup: embeddedUser, after: () => $passkeyList.mutate(PASSKEYS) },
  { ...email, view: 'Passkeys', state: 'empty', connected: true, setup: embeddedUser, after: () => $passkeyList.mutate([]) },
  { ...email, view: 'Passkeys', state: 'error', connected: true, setup: embeddedUser },
  { ...email, view: 'Devices', state: 'full', connected: true, setup: embeddedUser, after: () => $deviceList.mutate(DEVICES) },
  { ...email, view: 'Devices', state: 'error', connected: true, setup: embeddedUser },
  { ...email, view: 'ConnectSocials', state: 'default' },
  { ...email, view: 'ConnectingSocial', state: 'default' },
  { ...email, view: 'ConnectingFarcaster', state: 'default' },
];
