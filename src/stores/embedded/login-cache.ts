/**
 * The e-mail login cache (spec 3 and 4): the e-mail-login-used flag (the frame is then created at
 * startup; any embedded login sets it), the e-mail, the last used chain and the last login time,
 * and a social login's provider and username. Cleared on disconnect and when the is-connected
 * check says no or fails.
 */
import { storage } from '../app/storage.js';

export function saveLoginCache(email: string | null, chainId: string | undefined): void {
  storage.set('emailLoginUsed', true);
  if (email) storage.set('email', email);
  if (chainId) storage.set('lastUsedChain', chainId);
  storage.set('lastEmailLoginTime', Date.now());
}

export function clearLoginCache(): void {
  for (const key of ['emailLoginUsed', 'email', 'lastUsedChain', 'lastEmailLoginTime', 'socialProvider', 'socialUsername'] as const)
    storage.remove(key);
}
