import type { SocialProvider } from './options.js';

/** The login providers' names (brands: the same in every locale), for the social buttons and the account's identity line. */
export const SOCIAL_NAMES = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
} as const satisfies Record<SocialProvider, string>;
