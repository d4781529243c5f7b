/** Buy (on-ramp): the providers, the form, the currency pickers and a purchase under way. */
import type { GalleryState } from './types.js';

const base = { connected: true } as const;

export const ONRAMP_STATES: GalleryState[] = [
  { ...base, view: 'OnRampProviders', state: 'default' },
  { ...base, view: 'OnRampBuy', state: 'default' },
  { ...base, view: 'OnRampTokenSelect', state: 'default' },
  { ...base, view: 'OnRampFiatSelect', state: 'default' },
  { ...base, view: 'BuyInProgress', state: 'default' },
];
