/** The embedded wallet's views: e-mail login and checks, socials, passkeys, devices, approvals. */
import type { GalleryState } from './types.js';

const email: Pick<GalleryState, 'options'> = {
  options: { features: { email: true, socials: ['google', 'github', 'discord', 'farcaster'] } },
};

export const EMBEDDED_STATES: GalleryState[] = [
  { ...email, view: 'EmailLogin', state: 'default' },
  { ...email, view: 'EmailVerifyOtp', state: 'default' },
  { ...email, view: 'EmailVerifyDevice', state: 'default' },
  { ...email, view: 'UpdateEmailWallet', state: 'default', connected: true },
  { ...email, view: 'ApproveTransaction', state: 'default', connected: true },
  { ...email, view: 'Passkeys', state: 'default', connected: true },
  { ...email, view: 'Devices', state: 'default', connected: true },
  { ...email, view: 'ConnectSocials', state: 'default' },
  { ...email, view: 'ConnectingSocial', state: 'default' },
  { ...email, view: 'ConnectingFarcaster', state: 'default' },
];
