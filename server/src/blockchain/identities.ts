/**
 * Names and avatars of addresses (GET /v1/identity/{address}), from the `identities` table the
 * operator fills with `w3kit-server identity set ADDRESS NAME [AVATAR]`. An address without a
 * row has no name and no avatar (the modal then shows the shortened address).
 */
import { getAddress } from 'viem';
import type { Database } from '../db/open.js';
import { InputError } from '../errors.js';
import { evmAddress } from './chain.js';

export interface Identity {
  name: string | null;
  avatar: string | null;
}

export const IDENTITY_NAME_MAX = 100;
export const AVATAR_MAX = 2048;

export function getIdentity(db: Database, address: string): Identity {
  const row = db.prepare('SELECT name, avatar FROM identities WHERE address = ?').get(evmAddress(address, 'address')) as
    | Identity
    | undefined;
  return row ?? { name: null, avatar: null };
}

/** Sets an address's name and avatar (an https or data:image URL); an empty avatar clears it. */
export function setIdentity(db: Database, address: string, name: string, avatar?: string): Identity & { address: string } {
  const lower = evmAddress(address, 'address');
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > IDENTITY_NAME_MAX) throw new InputError('name', `Invalid name: 1 to ${IDENTITY_NAME_MAX} characters`);
  const pic = avatar?.trim() || null;
  if (pic !== null && (pic.length > AVATAR_MAX || !/^(https?:\/\/\S+|data:image\/[a-z0-9.+-]+[;,]\S+)$/i.test(pic))) {
    throw new InputError('avatar', `Invalid avatar: an http(s) or data:image URL of at most ${AVATAR_MAX} characters`);
  }
  db.prepare(
    `INSERT INTO identities (address, name, avatar, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (address) DO UPDATE SET name = excluded.name, avatar = excluded.avatar, updated_at = excluded.updated_at`,
  ).run(lower, trimmed, pic, new Date().toISOString());
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
