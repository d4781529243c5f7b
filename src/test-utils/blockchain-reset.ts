/** Puts the Blockchain API stores back to their start (tests). */
import { resetActivity } from '../stores/portfolio/activity.js';
import { resetBalances } from '../stores/portfolio/balances.js';
import { setBlockchainApiDeps, setClock } from '../stores/portfolio/blockchain.js';
import { resetIdentities } from '../stores/portfolio/identity.js';
import { resetNfts } from '../stores/portfolio/nfts.js';
import { resetSend } from '../stores/send/send.js';

export function resetBlockchainStores(): void {
  setClock(undefined);
  setBlockchainApiDeps({});
  resetBalances();
  resetActivity();
  resetNfts();
  resetIdentities();
  resetSend();
}
