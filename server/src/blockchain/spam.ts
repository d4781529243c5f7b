/**
 * Spam: a contract is spam when the operator listed it (`spam_contracts`, CLI
 * `w3kit-server tokens spam ADDRESS`), and an NFT is spam by the heuristic below. The operator's
 * list is read when answering, so a change shows at once; the heuristic is applied when an NFT
 * or collection is first indexed.
 *
 * Heuristic: an NFT whose name (or whose collection's name) contains a URL (`http://`, `https://`,
 * `www.`, or a domain such as `claim-eth.com`) or the words 'claim' or 'free' in any case (also
 * inside a word: "Freedom" counts) is spam. These are the airdrop lures that push people to a
 * phishing site.
 */
import { getAddress } from 'viem';
import type { Storage } from '../storage/engine.js';
import { chainDataRepository } from '../storage/chain-data.js';
import { evmAddress } from '../chains/eip155/chain.js';

const URL_LIKE =
  /https?:\/\/|www\.|\b[a-z0-9-]+\.(?:com|io|xyz|org|net|app|site|online|top|info|finance|gift|club|live|fun|me|co|claims?)\b/i;
const LURE_WORDS = /claim|free/i;

/** True for a name that looks like an airdrop lure (a URL, 'claim' or 'free'). */
export function looksLikeSpam(name: string): boolean {
  return URL_LIKE.test(name) || LURE_WORDS.test(name);
}

export async function markSpam(storage: Storage, address: string): Promise<string> {
  const lower = evmAddress(address, 'address');
  await chainDataRepository(storage).markSpam(lower);
  return getAddress(lower);
}

/** Removes a contract from the spam list; false when it was not on it. */
export function unmarkSpam(storage: Storage, address: string): Promise<boolean> {
  return chainDataRepository(storage).unmarkSpam(evmAddress(address, 'address'));
}

/** The operator's spam list, checksummed, sorted. */
export async function listSpam(storage: Storage): Promise<string[]> {
  return (await chainDataRepository(storage).listSpam()).map((a) => getAddress(a));
}
