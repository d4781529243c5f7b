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
import type { Database } from '../db/open.js';
import { evmAddress } from '../chains/eip155/chain.js';

const URL_LIKE =
  /https?:\/\/|www\.|\b[a-z0-9-]+\.(?:com|io|xyz|org|net|app|site|online|top|info|finance|gift|club|live|fun|me|co|claims?)\b/i;
const LURE_WORDS = /claim|free/i;

/** True for a name that looks like an airdrop lure (a URL, 'claim' or 'free'). */
export function looksLikeSpam(name: string): boolean {
  return URL_LIKE.test(name) || LURE_WORDS.test(name);
}

export function markSpam(db: Database, address: string): string {
  const lower = evmAddress(address, 'address');
  db.prepare('INSERT INTO spam_contracts (address, added_at) VALUES (?, ?) ON CONFLICT (address) DO NOTHING').run(
    lower,
    new Date().toISOString(),
  );
  return getAddress(lower);
}

/** Removes a contract from the spam list; false when it was not on it. */
export function unmarkSpam(db: Database, address: string): boolean {
  return db.prepare('DELETE FROM spam_contracts WHERE address = ?').run(evmAddress(address, 'address')).changes > 0;
}

/** The operator's spam list, checksummed, sorted. */
export function listSpam(db: Database): string[] {
  return (db.prepare('SELECT address FROM spam_contracts ORDER BY address').all() as { address: string }[]).map((r) =>
    getAddress(r.address),
  );
}
