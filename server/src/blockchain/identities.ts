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
import { InputError } from '../errors.js';
import { evmAddress } from '../chains/eip155/chain.js';
import type { Storage } from '../storage/engine.js';
import { chainDataRepository } from '../storage/chain-data.js';
import { namesRepository } from '../storage/names.js';

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
async function operatorIdentity(storage: Storage, lower: string): Promise<Identity> {
  return (await chainDataRepository(storage).identity(lower)) ?? { name: null, avatar: null };
}

export async function getIdentity(storage: Storage, address: string): Promise<Identity> {
  const lower = evmAddress(address, 'address');
  const [identity, registered] = await Promise.all([operatorIdentity(storage, lower), namesRepository(storage).namesOf(lower)]);
  return registered[0] ? { name: registered[0].name, avatar: identity.avatar } : identity;
}

/** The address holding `name` (case-insensitive, registered or set), other than `except`. */
async function holderOf(storage: Storage, name: string, except?: string): Promise<string | undefined> {
  const registered = await namesRepository(storage).find(name);
  if (registered && registered.address.toLowerCase() !== except) return registered.address.toLowerCase();
  return (await chainDataRepository(storage).identityHolder(name, except))?.address;
}

/**
 * Sets an address's name and avatar (an https or data:image URL); an empty avatar clears it.
 * A name held by another address (in any case) is refused with an InputError naming `name`.
 */
export async function setIdentity(
  storage: Storage,
  address: string,
  name: string,
  avatar?: string,
): Promise<Identity & { address: string }> {
  const lower = evmAddress(address, 'address');
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > IDENTITY_NAME_MAX) throw new InputError('name', `Invalid name: 1 to ${IDENTITY_NAME_MAX} characters`);
  const pic = avatar?.trim() || null;
  if (pic !== null && (pic.length > AVATAR_MAX || !/^(https?:\/\/\S+|data:image\/[a-z0-9.+-]+[;,]\S+)$/i.test(pic))) {
    throw new InputError('avatar', `Invalid avatar: an http(s) or data:image URL of at most ${AVATAR_MAX} characters`);
  }
  // The check and the write are one statement (against another instance or the CLI next to the server too).
  if (!(await chainDataRepository(storage).setIdentity(lower, trimmed, pic))) {
    const holder = (await holderOf(storage, trimmed, lower)) ?? 'another address';
    throw new InputError(
      'name',
      `Invalid name: '${trimmed}' is already the name of ${holder.startsWith('0x') ? getAddress(holder) : holder}`,
    );
  }
  return { address: getAddress(lower), name: trimmed, avatar: pic };
}

/** Removes an address's identity; false when it had none. */
export function removeIdentity(storage: Storage, address: string): Promise<boolean> {
  return chainDataRepository(storage).removeIdentity(evmAddress(address, 'address'));
}

export async function listIdentities(storage: Storage): Promise<(Identity & { address: string })[]> {
  return (await chainDataRepository(storage).listIdentities()).map((r) => ({ ...r, address: getAddress(r.address) }));
}

function profile(address: string, name: string, avatar: string | null): Profile {
  return { name, addresses: { [ETH_COIN_TYPE]: { address: getAddress(address) } }, attributes: avatar ? { avatar } : {} };
}

/** The profile of `name` (case-insensitive; the reply has the name as set), or undefined when no address has it. */
export async function getProfile(storage: Storage, name: string): Promise<Profile | undefined> {
  if (!PROFILE_NAME.test(name)) throw new InputError('name', `Invalid name '${name.slice(0, 80)}': ${PROFILE_NAME_RULE}`);
  const registered = await namesRepository(storage).find(name);
  if (registered)
    return profile(registered.address, registered.name, (await operatorIdentity(storage, registered.address.toLowerCase())).avatar);
  const row = await chainDataRepository(storage).identityHolder(name);
  return row?.name ? profile(row.address, row.name, row.avatar) : undefined;
}

/**
 * The profiles of an address: its registered names (newest first), then its operator-set name
 * when that is a profile name (so it resolves back).
 */
export async function reverseProfiles(storage: Storage, address: string): Promise<Profile[]> {
  const lower = evmAddress(address, 'address');
  const [{ name, avatar }, registered] = await Promise.all([operatorIdentity(storage, lower), namesRepository(storage).namesOf(lower)]);
  const profiles = registered.map((r) => profile(lower, r.name, avatar));
  return name !== null && PROFILE_NAME.test(name) ? [...profiles, profile(lower, name, avatar)] : profiles;
}

/** Adds the development names that are missing (never changes an address that has one, nor takes a name in use). */
export function seedDevIdentities(storage: Storage): Promise<void> {
  return chainDataRepository(storage).addIdentities(DEV_IDENTITIES.map(({ address, name }) => ({ address: address.toLowerCase(), name })));
}
