/**
 * Buying through a provider: `openProvider` (called straight from the click, so the popup, 500 by
 * 700, opens before any await) asks the Blockchain API for the sandbox's checkout URL (meld and
 * coinbase open their own pages) and shows BuyInProgress; `watchPurchase` polls the sandbox
 * checkout's state every few seconds, for a bounded time, until it is paid, then refreshes the
 * balances and Activity. A blocked popup leaves the URL for a link; a popup closed without paying
 * says so.
 */
import { atom } from 'nanostores';
import { checkoutSessionId } from '../../wire/onramp-api.js';
import { $activeAccount } from '../connection/account.js';
import { watchTransaction } from '../portfolio/activity.js';
import { fetchBalances, refreshNativeBalance } from '../portfolio/balances.js';
import { pushView, resetRouter } from '../ui/router.js';
import { $onramp, activeNetworkOf, currentOffer, getOnrampApi, resetOnramp, selectProvider, type OnrampProvider } from './onramp.js';

export const ONRAMP_POPUP = { width: 500, height: 700 } as const;
export const ONRAMP_POPUP_NAME = 'w3kit-onramp';
/** How often the checkout's state is asked. */
export const PURCHASE_POLL_MS = 2000;
/** How long a purchase is waited for (the checkout session's 15 minutes, and a little). */
export const PURCHASE_WATCH_MS = 16 * 60_000;

export type PurchaseStatus = 'idle' | 'opening' | 'waiting' | 'blocked' | 'paid' | 'closed' | 'expired' | 'timeout' | 'failed';

export interface PurchaseState {
  status: PurchaseStatus;
  provider: OnrampProvider | undefined;
  /** The provider's page (a link to open it by hand when the popup was blocked). */
  url: string | undefined;
  txHash: string | undefined;
  /** What was bought, e.g. { amount: '0.0328', currency: 'ETH' }. */
  bought: { amount: string; currency: string } | undefined;
  /** Why the checkout could not be opened: no Blockchain API, no wallet, not sold on this network, or the API's error (`error`). */
  failure: 'NO_API' | 'NOT_CONNECTED' | 'NOT_SOLD_HERE' | 'API' | undefined;
  error: unknown;
}

/** A checkout that cannot be made, with its reason for the view to word. */
class CheckoutFailure extends Error {
  constructor(readonly reason: 'NO_API' | 'NOT_CONNECTED' | 'NOT_SOLD_HERE') {
    super(reason);
  }
}

const IDLE: PurchaseState = {
  status: 'idle',
  provider: undefined,
  url: undefined,
  txHash: undefined,
  bought: undefined,
  failure: undefined,
  error: undefined,
};
export const $purchase = atom<PurchaseState>(IDLE);

let run = 0;
let popup: Window | null = null;

let account = $activeAccount.get().address;
// Another account (or a disconnect) ends the purchase and clears the on-ramp (spec 4).
$activeAccount.listen(({ address }) => {
  if (address === account) return;
  account = address;
  resetPurchase();
  resetOnramp();
});

function popupFeatures(): string {
  const { width, height } = ONRAMP_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup,width=${width},height=${height},left=${left},top=${top}`;
}

const update = (patch: Partial<PurchaseState>) => $purchase.set({ ...$purchase.get(), ...patch });

/** The checkout URL of the chosen provider for the current amount and currencies. */
async function checkoutUrl(provider: OnrampProvider): Promise<string> {
  if (provider.url) return provider.url;
  const api = getOnrampApi();
  const { address } = $activeAccount.get();
  const { purchaseCurrency, paymentCurrency, paymentAmount, quote } = $onramp.get();
  if (!api) throw new CheckoutFailure('NO_API');
  if (!address) throw new CheckoutFailure('NOT_CONNECTED');
  const network = activeNetworkOf(purchaseCurrency);
  if (!network || !purchaseCurrency) throw new CheckoutFailure('NOT_SOLD_HERE');
  const crypto = Number(quote?.purchaseAmount.amount ?? 0);
  return api.generateUrl({
    destinationWallets: [{ address, blockchains: [network.name], assets: [purchaseCurrency.id] }],
    defaultNetwork: network.name,
    partnerUserId: address,
    defaultExperience: 'buy',
    ...(crypto > 0 ? { presetCryptoAmount: crypto } : {}),
    presetFiatAmount: Number(paymentAmount),
    ...(paymentCurrency ? { paymentCurrency: paymentCurrency.id } : {}),
  });
}

/**
 * Opens `provider`'s page in a popup and shows BuyInProgress. Call it from the click handler.
 * Resolves once the purchase is over (paid, closed, expired, timed out or failed); never rejects.
 */
export async function openProvider(provider: OnrampProvider): Promise<void> {
  const mine = ++run;
  selectProvider(provider);
  // A provider that sells nothing on the active network opens no page (the views say so first).
  if (currentOffer()?.unavailable) {
    $purchase.set({ ...IDLE, status: 'failed', provider, failure: 'NOT_SOLD_HERE' });
    return void pushView('BuyInProgress');
  }
  try {
    popup = window.open('', ONRAMP_POPUP_NAME, popupFeatures());
  } catch {
    popup = null;
  }
  $purchase.set({ ...IDLE, status: 'opening', provider });
  pushView('BuyInProgress');
  let url: string;
  try {
    url = await checkoutUrl(provider);
  } catch (error) {
    popup?.close();
    if (mine === run) update({ status: 'failed', failure: error instanceof CheckoutFailure ? error.reason : 'API', error });
    return;
  }
  if (mine !== run) return;
  if (!popup) return void update({ status: 'blocked', url });
  popup.location.href = url;
  update({ status: 'waiting', url });
  const session = checkoutSessionId(url);
  if (session) await watchPurchase(session, popup, mine);
}

/** Opens the provider's page again (a blocked popup's link is the other way). */
export function reopenCheckout(): void {
  const { url } = $purchase.get();
  if (!url) return;
  popup = window.open(url, ONRAMP_POPUP_NAME, popupFeatures());
  if (!popup) return void update({ status: 'blocked' });
  update({ status: 'waiting' });
  const session = checkoutSessionId(url);
  if (session) void watchPurchase(session, popup, ++run);
}

/** After a purchase: the balances and Activity of the account, refreshed. */
async function refreshAfter(txHash: string): Promise<void> {
  await Promise.all([fetchBalances({ force: true }), refreshNativeBalance({ force: true })]).catch(() => undefined);
  await watchTransaction(txHash).catch(() => false);
}

/**
 * Polls the sandbox checkout `session` until it is paid (then refreshes balances and Activity),
 * expired, its popup closed unpaid, or PURCHASE_WATCH_MS passed.
 */
export async function watchPurchase(session: string, window_: Window | null, mine = ++run): Promise<PurchaseStatus> {
  const api = getOnrampApi();
  const start = Date.now();
  let closedSeen = false;
  while (mine === run) {
    const closed = window_?.closed ?? false;
    try {
      const state = await api?.getPurchase(session);
      if (mine !== run) break;
      if (state?.status === 'paid' && state.txHash) {
        update({ status: 'paid', txHash: state.txHash, bought: state.purchaseAmount });
        await refreshAfter(state.txHash);
        return 'paid';
      }
      if (state?.status === 'expired') return finish('expired');
    } catch {
      // A failed poll is tried again on the next round.
    }
    // The checkout page closes itself after paying: the state is read once more after a close.
    if (closed && closedSeen) return finish('closed');
    closedSeen = closed;
    if (Date.now() - start >= PURCHASE_WATCH_MS) return finish('timeout');
    await new Promise((r) => setTimeout(r, closed ? 0 : PURCHASE_POLL_MS));
  }
  return $purchase.get().status;
}

function finish(status: PurchaseStatus): PurchaseStatus {
  update({ status });
  return status;
}

/** Success: back to the Account view (its Activity shows the purchase), the on-ramp state cleared (spec 4). */
export function finishPurchase(): void {
  resetRouter('Account');
  resetPurchase();
  resetOnramp();
}

/** Stops watching and forgets the purchase (spec 4's reset, with resetOnramp). */
export function resetPurchase(): void {
  run++;
  popup = null;
  $purchase.set(IDLE);
}
