/**
 * Names and avatars of addresses (GET /v1/identity/{address}) and the name profiles built on
 * them (GET /v1/profile/account/{name}, GET /v1/profile/reverse/{address}), from the
 * `identities` table the operator fills with `w3kit-server identity set ADDRESS NAME [AVATAR]`.
 * An address without a row has no name and no avatar (the modal then shows the shortened
 * address). A name belongs to one address: names compare case-insensitively (ASCII), and
 * setting a name another address holds is refused (remove it there first). Names registered
 * through the name registry (server/src/names) come first: an address's newest registered
 * name is its identity's name, and a registered name resolves before an operator-set one.
 */
import { getAddress } from 'viem';
import type { Database } from '../db/open.js';
import { InputError } from '../errors.js';
import { evmAddress } from '../chains/eip155/chain.js';
import { findRegisteredName, registeredNamesOf } from '../names/registry.js';

export interface Identity {
  name: string | null;
  avatar: string | null;
}

export const IDENTITY_NAME_MAX = 100;
export const AVATAR_MAX = 2048;

/** The SLIP-44 coin type of Ether, the key of a profile's EVM address (as the hosted API answers). */
export const ETH_COIN_TYPE = '60';
/** A name a profile is looked up by: 3 to 255 letters, digits, hyphens or dots. */
export const PROFILE_NAME = /^[A-Za-z0-9.-]{3,255}$/;
export const PROFILE_NAME_RULE = 'must be 3 to 255 letters, digits, hyphens or dots';

/** A name's profile (GET /v1/profile/account/{name}, apiVersion 2). */
export interface Profile {
  name: string;
  addresses: Record<string, { address: string }>;
  attributes: { avatar?: string };
}

/** `--seed`: Hardhat's account 1 is `dev.w3kit`, so the demo can send to a name. */
export const DEV_IDENTITIES: readonly { address: string; name: string }[] = [
  { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', name: 'dev.w3kit' },
];

/** The operator-set identity of an address (no registered name). */
function operatorIdentity(db: Database, lower: string): Identity {
  const row = db.prepare('SELECT name, avatar FROM identities WHERE address = ?').get(lower) as Identity | undefined;
  return row ?? { name: null, avatar: null };
}

export function getIdentity(db: Database, address: string): Identity {
  const lower = evmAddress(address, 'address');
  const identity = operatorIdentity(db, lower);
  const registered = registeredNamesOf(db, lower)[0];
  return registered ? { name: registered.name, avatar: identity.avatar } : identity;
}

/** The address holding `name` (case-insensitive, registered or set), other than `except`. */
function holderOf(db: Database, name: string, except?: string): string | undefined {
  const registered = findRegisteredName(db, name);
  if (registered && registered.address.toLowerCase() !== except) return registered.address.toLowerCase();
  const row = db
    .prepare('SELECT address FROM identities WHERE name = ? COLLATE NOCASE AND address != ? ORDER BY updated_at DESC LIMIT 1')
    .get(name, except ?? '') as { address: string } | undefined;
  return row?.address;
}

/**
 * Sets an address's name and avatar (an https or data:image URL); an empty avatar clears it.
 * A name held by another address (in any case) is refused with an InputError naming `name`.
 */
export function setIdentity(db: Database, address: string, name: string, avatar?: string): Identity & { address: string } {
  const lower = evmAddress(address, 'address');
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > IDENTITY_NAME_MAX) throw new InputError('name', `Invalid name: 1 to ${IDENTITY_NAME_MAX} characters`);
  const pic = avatar?.trim() || null;
  if (pic !== null && (pic.length > AVATAR_MAX || !/^(https?:\/\/\S+|data:image\/[a-z0-9.+-]+[;,]\S+)$/i.test(pic))) {
    throw new InputError('avatar', `Invalid avatar: an http(s) or data:image URL of at most ${AVATAR_MAX} characters`);
  }
  // IMMEDIATE: the check and the write are one step even against another process (the CLI next to the server).
  db.transaction(() => {
    const holder = holderOf(db, trimmed, lower);
    if (holder) throw new InputError('name', `Invalid name: '${trimmed}' is already the name of ${getAddress(holder)}`);
    db.prepare(
      `INSERT INTO identities (address, name, avatar, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (address) DO UPDATE SET name = excluded.name, avatar = excluded.avatar, updated_at = excluded.updated_at`,
    ).run(lower, trimmed, pic, new Date().toISOString());
  }).immediate();
  return { address: getAddress(lower), name: trimmed, avatar: pic };
}

/** Removes an address's identity; false when it had none. */
export function removeIdentity(db: Database, address: string): boolean {
  return db.prepare('DELETE FROM identities WHERE address = ?').run(evmAddress(address, 'address')).changes > 0;
}

export function listIdentities(db: Database): (Identity & { address: string })[] {
  return (db.prepare('SELECT address, name, avatar FROM identities ORDER BY address').all() as (Identity & { address: string })[]).map(
    (r) => ({
      ...r,
      address: getAddress(r.address),
    }),
  );
}

function profile(address: string, name: string, avatar: string | null): Profile {
  return { name, addresses: { [ETH_COIN_TYPE]: { address: getAddress(address) } }, attributes: avatar ? { avatar } : {} };
}

/** The profile of `name` (case-insensitive; the reply has the name as set), or undefined when no address has it. */
export function getProfile(db: Database, name: string): Profile | undefined {
  if (!PROFILE_NAME.test(name)) throw new InputError('name', `Invalid name '${name.slice(0, 80)}': ${PROFILE_NAME_RULE}`);
  const registered = findRegisteredName(db, name);
  if (registered) return profile(registered.address, registered.name, operatorIdentity(db, registered.address.toLowerCase()).avatar);
  const row = db
    .prepare('SELECT address, name, avatar FROM identities WHERE name = ? COLLATE NOCASE ORDER BY updated_at DESC LIMIT 1')
    .get(name) as { address: string; name: string; avatar: string | null } | undefined;
  return row ? profile(row.address, row.name, row.avatar) : undefined;
}

/**
 * The profiles of an address: its registered names (newest first), then its operator-set name
 * when that is a profile name (so it resolves back).
 */
export function reverseProfiles(db: Database, address: string): Profile[] {
  const lower = evmAddress(address, 'address');
  const { name, avatar } = operatorIdentity(db, lower);
  const profiles = registeredNamesOf(db, lower).map((r) => profile(lower, r.name, avatar));
  return name !== null && PROFILE_NAME.test(name) ? [...profiles, profile(lower, name, avatar)] : profiles;
}

/** Adds the development names that are missing (never changes an address that has one, nor takes a name in use). */
export function seedDevIdentities(db: Database): void {
  const insert = db.prepare('INSERT OR IGNORE INTO identities (address, name, avatar, updated_at) VALUES (?, ?, NULL, ?)');
  const now = new Date().toISOString();
  db.transaction(() => {
    for (const { address, name } of DEV_IDENTITIES) if (!holderOf(db, name)) insert.run(address.toLowerCase(), name, now);
  }).immediate();
}
