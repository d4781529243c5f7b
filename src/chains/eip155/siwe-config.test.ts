/** The legacy siweConfig adapted to SIWXConfig, with a real viem account and viem's SIWE helpers. */
import { describe, expect, it } from 'vitest';
import { verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { SIWEConfig, SIWEMessageArgs } from '../../core/siwx.js';
import { legacySiweText } from '../../test-utils/legacy-siwe-text.js';
import { adaptSiweConfig, SiweError } from './siwe-config.js';

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

/** An app's siweConfig keeping its one session in memory, verifying with viem. */
function appSiwe(overrides: Partial<SIWEConfig> = {}) {
  const log: string[] = [];
  let session: { address: string; chainId: number } | null = null;
  let lastArgs: SIWEMessageArgs | undefined;
  const config: SIWEConfig = {
    getNonce: async (address) => (log.push(`getNonce ${address}`), 'n0nce1234567'),
    getMessageParams: async () => ({
      domain: 'app.example',
      uri: 'https://app.example/login',
      statement: 'Sign in to Example',
      expiry: 600,
    }),
    createMessage: (args) => {
      lastArgs = args;
      return legacySiweText(args);
    },
    verifyMessage: async ({ message, signature }) => {
      const ok = await verifyMessage({ address: account.address, message, signature: signature as `0x${string}` });
      if (ok) session = { address: account.address, chainId: 31337 };
      return ok;
    },
    getSession: async () => session,
    signOut: async () => (log.push('signOut'), (session = null), true),
    onSignIn: (s) => log.push(`onSignIn ${s?.address} ${s?.chainId}`),
    onSignOut: () => log.push('onSignOut'),
    ...overrides,
  };
  return { config, log, args: () => lastArgs };
}

describe('adaptSiweConfig', () => {
  it("builds the message with the app's nonce, params and createMessage; toString is its text", async () => {
    const app = appSiwe();
    const siwx = adaptSiweConfig(app.config);
    const message = await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:31337' });
    expect(app.args()).toMatchObject({ address: `eip155:31337:${account.address}`, chainId: 31337, nonce: 'n0nce1234567', version: '1' });
    expect(message).toMatchObject({
      domain: 'app.example',
      uri: 'https://app.example/login',
      statement: 'Sign in to Example',
      nonce: 'n0nce1234567',
    });
    const expires = Date.parse(message.expirationTime!) - Date.parse(message.issuedAt!);
    expect(expires).toBeGreaterThanOrEqual(599_000);
    expect(expires).toBeLessThanOrEqual(601_000);
    expect(message.toString()).toContain('app.example wants you to sign in with your Ethereum account:');
    expect(message.toString()).toContain(`\n${account.address}\n`);
    expect(app.log).toEqual([`getNonce ${account.address}`]);
  });

  it('addSession verifies (a real signature passes, another key throws Invalid signature), then onSignIn; getSessions matches address and chain', async () => {
    const app = appSiwe();
    const siwx = adaptSiweConfig(app.config);
    const message = await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:31337' });
    const text = message.toString();
    const { toString: _t, ...data } = message;
    const forged = await other.signMessage({ message: text });
    await expect(siwx.addSession({ data, message: text, signature: forged })).rejects.toThrow(SiweError);
    await expect(siwx.addSession({ data, message: text, signature: forged })).rejects.toThrow('Invalid signature');
    expect(await siwx.getSessions('eip155:31337', account.address)).toEqual([]);
    const signature = await account.signMessage({ message: text });
    await siwx.addSession({ data, message: text, signature });
    expect(app.log.at(-1)).toBe(`onSignIn ${account.address} 31337`);
    expect(await siwx.getSessions('eip155:31337', account.address.toLowerCase())).toEqual([{ data, message: text, signature }]);
    expect(await siwx.getSessions('eip155:1', account.address)).toEqual([]);
    expect(await siwx.getSessions('eip155:31337', other.address)).toEqual([]);
  });

  it('revokeSession signs out and calls onSignOut; required and signOutOnDisconnect default to true', async () => {
    const app = appSiwe();
    const siwx = adaptSiweConfig(app.config);
    await siwx.revokeSession('eip155:31337', account.address);
    expect(app.log).toEqual(['signOut', 'onSignOut']);
    expect(siwx.getRequired?.()).toBe(true);
    expect(siwx.signOutOnDisconnect).toBe(true);
    const relaxed = adaptSiweConfig(appSiwe({ required: false, signOutOnDisconnect: false }).config);
    expect(relaxed.getRequired?.()).toBe(false);
    expect(relaxed.signOutOnDisconnect).toBe(false);
  });

  it('refuses a solana chain, naming it', async () => {
    const siwx = adaptSiweConfig(appSiwe().config);
    await expect(siwx.createMessage({ accountAddress: 'x', chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).rejects.toThrow(
      'siweConfig signs in on eip155 only, not solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    );
  });
});
