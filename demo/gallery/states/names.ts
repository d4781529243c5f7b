/** Names and sign-in: choosing an account name, its success, and the Sign in with X message. */
import type { GalleryState } from './types.js';

export const NAMES_STATES: GalleryState[] = [
  { view: 'RegisterAccountName', state: 'default', connected: true },
  { view: 'RegisterAccountNameSuccess', state: 'default', connected: true },
  { view: 'SIWXSignMessage', state: 'default', connected: true },
];
