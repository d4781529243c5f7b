/** Swap: the form empty, quoted, refused, its tokens loading or failed; the wait on the wallet. */
import { $swapStore, $swapTokens, setAmount, setFromToken, setToToken } from '../../../src/stores/swap/swap.js';
import { sleep, waitFor } from '../dom.js';
import { FAILED, LOADING } from '../fixture-api.js';
import { PORTFOLIO } from '../fixtures/portfolio.js';
import type { GalleryState } from './types.js';

/** Picks ETH -> DUSD (once the DEX's tokens are in) and types `amount`; waits for the quote's debounce. */
async function quote(amount: string): Promise<void> {
  const tokens = await waitFor(() => ($swapTokens.get().length >= 2 ? $swapTokens.get() : undefined), 'the swap tokens');
  setFromToken(tokens.find((t) => t.symbol === 'ETH')!.id);
  setToToken(tokens.find((t) => t.symbol === 'DUSD')!.id);
  setAmount(amount);
  await sleep(450);
}

const base = { view: 'Swap', connected: true, api: PORTFOLIO } as const;

export const SWAP_STATES: GalleryState[] = [
  { ...base, state: 'empty' },
  { ...base, state: 'quoted', after: () => quote('1') },
  { ...base, state: 'error-insufficient', after: () => quote('5') },
  { ...base, state: 'quote-loading', api: { ...PORTFOLIO, '/v1/convert/quotes': LOADING }, after: () => quote('1') },
  { ...base, state: 'quote-error', api: { ...PORTFOLIO, '/v1/convert/quotes': FAILED }, after: () => quote('1') },
  { ...base, state: 'loading', api: { ...PORTFOLIO, '/v1/convert/tokens': LOADING } },
  { ...base, state: 'error', api: { ...PORTFOLIO, '/v1/convert/tokens': FAILED } },
  {
    ...base,
    state: 'swapping',
    after: async () => {
      await quote('1');
      $swapStore.setKey('status', 'swapping');
    },
  },
  { ...base, view: 'SwapSelectToken', state: 'from', data: { side: 'from' } },
  { ...base, view: 'SwapSelectToken', state: 'to', data: { side: 'to' } },
  { ...base, view: 'SwapPreview', state: 'default', setup: () => quote('1') },
];
