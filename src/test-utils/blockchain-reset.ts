/** Puts the Blockchain API stores back to their start (tests). */
import { resetActivity } from '../stores/activity.js';
import { resetBalances } from '../stores/balances.js';
import { setBlockchainApiDeps, setClock } from '../stores/blockchain.js';
import { resetIdentities } from '../stores/identity.js';
import { resetNfts } from '../stores/nfts.js';
import { resetSend } from '../stores/send.js';

export function resetBlockchainStores(): void {
  setClock(undefined);
  setBlockchainApiDeps({});
  resetBalances();
  resetActivity();
  resetNfts();
  resetIdentities();
  resetSend();
}
