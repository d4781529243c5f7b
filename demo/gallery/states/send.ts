/** WalletSend: the form empty, filled, refused (insufficient, bad address), its Review step and a wait. */
import { $send, $sendTokens, reviewSend, setReceiver, setSendAmount, setSendToken } from '../../../src/stores/send/send.js';
import { waitFor } from '../dom.js';
import { RECEIVER } from '../fixtures/account.js';
import { PORTFOLIO } from '../fixtures/portfolio.js';
import type { GalleryState } from './types.js';

/** Fills the form: `symbol`'s token (once the balances are in), `amount`, `receiver`. */
async function fill(symbol: string, amount: string, receiver: string): Promise<void> {
  const token = await waitFor(() => $sendTokens.get().find((t) => t.symbol === symbol), `the ${symbol} send token`);
  setSendToken(token);
  setSendAmount(amount);
  setReceiver(receiver);
}

const base = { view: 'WalletSend', connected: true, api: PORTFOLIO } as const;

export const SEND_STATES: GalleryState[] = [
  { ...base, state: 'empty' },
  { ...base, state: 'filled', after: () => fill('DUSD', '125.5', RECEIVER) },
  {
    ...base,
    state: 'error-insufficient',
    after: async () => {
      await fill('ETH', '5', RECEIVER);
      await reviewSend();
    },
  },
  {
    ...base,
    state: 'error-address',
    after: async () => {
      await fill('ETH', '0.1', '0x1234');
      await reviewSend();
    },
  },
  {
    ...base,
    state: 'review',
    after: async () => {
      await fill('ETH', '0.1', RECEIVER);
      await reviewSend();
    },
  },
  {
    ...base,
    state: 'signing',
    after: async () => {
      await fill('ETH', '0.1', RECEIVER);
      await reviewSend();
      $send.setKey('loading', true);
    },
  },
  { ...base, state: 'long-texts', after: () => fill('ETH', '123456789.123456789', `${RECEIVER}${RECEIVER.slice(2)}`) },
];
