/** The words of what the on-ramp cannot sell on the active network (OnRampProviders and OnRampBuy share them). */
import { msg, str } from '../../base/localize.js';
import type { Unavailable } from '../../../stores/onramp/onramp.js';

/** Why a provider sells nothing on the active network (a function: the texts follow the active locale). */
export function unavailableText(reason: Unavailable): string {
  if (reason.code === 'NO_NETWORK') return msg('Not available: no network is active');
  if (reason.code === 'NO_SERVICE') return msg('Not available: the on-ramp service cannot be reached');
  if (reason.code === 'TESTNET') return msg(str`Not available on ${reason.network}: sells on main networks only`);
  if (reason.elsewhere.length === 0) return msg(str`Not available on ${reason.network}`);
  const list = reason.elsewhere.join(', ');
  return msg(str`Not available on ${reason.network}: sells on ${list} only`);
}

/** Said when no provider sells anything on the active network `network` (its name). */
export const nothingToBuyText = (network: string | undefined): string =>
  network
    ? msg(str`No provider sells crypto on ${network}. Switch to another network to buy.`)
    : msg('No provider sells crypto here. Connect a wallet to buy.');
