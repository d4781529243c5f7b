/**
 * THE DEVELOPMENT SANDBOX of Farcaster login. Farcaster's relay and its on-chain registry cannot
 * run here, so with `--farcaster-sandbox` this server plays both: three test users whose custody
 * keys are derived from a fixed public label (TEST KEYS: anyone can derive them; never send them
 * funds, never use the sandbox in production), and a sign-in page (./sandbox-page.ts) that signs
 * as the user chosen.
 */
import { createHash } from 'node:crypto';
import { toHex, type Address } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { AUTH_API_PREFIX } from '../../../../src/wire/auth-api.js';
import type { FarcasterRegistry, FarcasterSetup } from './registry.js';

export const FARCASTER_SANDBOX_PATH = `${AUTH_API_PREFIX}/farcaster/sandbox`;

/** The sandbox's test users. */
export const SANDBOX_USERS: readonly { fid: number; userName: string }[] = [
  { fid: 1001, userName: 'alice' },
  { fid: 1002, userName: 'bob' },
  { fid: 1003, userName: 'carol' },
];

const KEY_LABEL = 'w3kit farcaster sandbox custody key (test key, never funds) fid ';

/** The custody account of a sandbox test user (a test key derived from a public label). */
export function sandboxCustodyAccount(fid: number): PrivateKeyAccount {
  return privateKeyToAccount(toHex(createHash('sha256').update(`${KEY_LABEL}${fid}`).digest()));
}

const custody = new Map<number, Address>();

export const sandboxRegistry: FarcasterRegistry = {
  async custodyOf(fid) {
    if (!SANDBOX_USERS.some((u) => u.fid === fid)) return undefined;
    if (!custody.has(fid)) custody.set(fid, sandboxCustodyAccount(fid).address);
    return custody.get(fid);
  },
  async userName(fid) {
    return SANDBOX_USERS.find((u) => u.fid === fid)?.userName;
  },
};

export const farcasterSandbox: FarcasterSetup = {
  registry: sandboxRegistry,
  channelUrl: (frameOrigin, channelToken) => `${frameOrigin}${FARCASTER_SANDBOX_PATH}?channelToken=${encodeURIComponent(channelToken)}`,
  sandbox: true,
};
