/** Account: a funded account's tabs, a new (empty) wallet, the lists loading, failed and long. */
import { selectAccountTab } from '../../../src/stores/views/account-view.js';
import { FAILED, LOADING } from '../fixture-api.js';
import { EMPTY_BALANCES, LONG_BALANCES, PORTFOLIO } from '../fixtures/portfolio.js';
import type { GalleryState } from './types.js';

const base = { view: 'Account', connected: true } as const;
const tab = (name: 'nfts' | 'activity') => () => selectAccountTab(name);

export const ACCOUNT_STATES: GalleryState[] = [
  { ...base, state: 'full', api: PORTFOLIO },
  { ...base, state: 'empty', api: { ...PORTFOLIO, '/v1/account/balance': EMPTY_BALANCES, 'rpc:eth_getBalance': '0x0' } },
  { ...base, state: 'loading', api: { ...PORTFOLIO, '/v1/account/balance': LOADING } },
  { ...base, state: 'error', api: { ...PORTFOLIO, '/v1/account/balance': FAILED } },
  { ...base, state: 'long-texts', api: { ...PORTFOLIO, '/v1/account/balance': LONG_BALANCES } },
  { ...base, state: 'activity', api: PORTFOLIO, after: tab('activity') },
  { ...base, state: 'activity-empty', api: { ...PORTFOLIO, '/v1/account/history': { data: [], next: null } }, after: tab('activity') },
  { ...base, state: 'activity-loading', api: { ...PORTFOLIO, '/v1/account/history': LOADING }, after: tab('activity') },
  { ...base, state: 'activity-error', api: { ...PORTFOLIO, '/v1/account/history': FAILED }, after: tab('activity') },
  { ...base, state: 'nfts', api: PORTFOLIO, after: tab('nfts') },
  { ...base, state: 'nfts-empty', api: { ...PORTFOLIO, '/v1/account/nfts': { data: [] } }, after: tab('nfts') },
];
