/** Names and sign-in: choosing an account name, its success, and the Sign in with X message. */
import { $registerName } from '../../../src/stores/names/register-name.js';
import type { GalleryState } from './types.js';

export const NAMES_STATES: GalleryState[] = [
  { view: 'RegisterAccountName', state: 'default', connected: true },
  {
    view: 'RegisterAccountName',
    state: 'available',
    connected: true,
    after: () => void $registerName.set({ ...$registerName.get(), label: 'ada', check: { status: 'available' } }),
  },
  {
    view: 'RegisterAccountName',
    state: 'taken',
    connected: true,
    after: () => void $registerName.set({ ...$registerName.get(), label: 'satoshi', check: { status: 'taken' } }),
  },
  {
    view: 'RegisterAccountNameSuccess',
    state: 'default',
    connected: true,
    setup: () => $registerName.setKey('registered', 'ada.w3kit.id'),
  },
  { view: 'SIWXSignMessage', state: 'default', connected: true },
];
