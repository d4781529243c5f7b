import { verify } from 'node:crypto';
import bs58 from 'bs58';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createSolanaTestWallet, type SolanaTestWallet } from '../../../test/fixtures/solana-wallet.js';
import { ConnectionRejectedError, SignatureDeclinedError, WalletRequestError } from '../../core/errors.js';
import { networks } from '../../wire/networks.js';
import { solanaAdapter } from './adapter.js';
import { wrapStandardWallet } from './wallet-standard.js';

/** ed25519 verification by Node's own crypto (OpenSSL), independent of the code under test. */
function ed25519Verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKey)]);
  return verify(null, message, { key: spki, format: 'der', type: 'spki' }, signature);
}

beforeAll(() => {
  vi.stubGlobal('window', new EventTarget());
});

const local = networks.solanaLocal;
function setup(options: Parameters<typeof createSolanaTestWallet>[0] = {}): {
  test: SolanaTestWallet;
  provider: ReturnType<typeof wrapStandardWallet>;
} {
  const test = createSolanaTestWallet({ storageKey: false, ...options });
  return { test, provider: wrapStandardWallet(test.wallet, test.wallet.name) };
}
const settled = async (p: Promise<unknown>, ms = 50): Promise<boolean> =>
  Promise.race([
    p.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
  ]);

describe('solanaAdapter: connect, restore, events', () => {
  it("connect gives the account and no chain (the app's network stands); restore finds it without a prompt", async () => {
    const { test, provider } = setup();
    expect(solanaAdapter.namespace).toBe('solana');
    expect(await solanaAdapter.restore(provider, local)).toEqual({ accounts: [], chainId: undefined });
    expect(await solanaAdapter.connect(provider, local)).toEqual({ accounts: [test.address], chainId: undefined });
    test.setMode('reject');
    expect(await solanaAdapter.restore(provider, local)).toEqual({ accounts: [test.address], chainId: undefined });
    expect(test.requests).toEqual(['standard:connect']);
    await expect(solanaAdapter.switchNetwork(provider, networks.solanaDevnet)).resolves.toBeUndefined();
  });

  it('a rejected connect is ConnectionRejectedError with 4001; a malformed one a typed malformed reply', async () => {
    const { test, provider } = setup({ mode: 'reject' });
    const err = await solanaAdapter.connect(provider, local).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionRejectedError);
    expect(err).toMatchObject({ code: 4001 });
    test.setMode('garbage');
    await expect(solanaAdapter.connect(provider, local)).rejects.toMatchObject({ name: 'WalletRequestError', code: 'MALFORMED_REPLY' });
    test.setMode('hang');
    expect(await settled(solanaAdapter.connect(provider, local))).toBe(false);
  });

  it('follows the wallet: accounts on connect, [] when it disconnects or revokes; stops when told', async () => {
    const { test, provider } = setup();
    const seen: string[][] = [];
    const stop = solanaAdapter.watchEvents(provider, {
      accountsChanged: (a) => seen.push(a),
      chainChanged: () => seen.push(['chain']),
      disconnect: () => seen.push(['disconnect']),
    });
    await solanaAdapter.connect(provider, local);
    test.revoke();
    await solanaAdapter.connect(provider, local);
    await solanaAdapter.disconnect(provider);
    stop();
    await solanaAdapter.connect(provider, local);
    expect(seen).toEqual([[test.address], [], [test.address], []]);
  });

  it('disconnect is best effort: a wallet that throws does not fail it', async () => {
    const { test, provider } = setup();
    (test.wallet.features as Record<string, unknown>)['standard:disconnect'] = {
      version: '1.0.0',
      disconnect: () => Promise.reject(new Error('boom')),
    };
    await expect(solanaAdapter.disconnect(provider)).resolves.toBeUndefined();
  });
});

describe('solanaAdapter.signMessage', () => {
  it('signs the UTF-8 bytes; the base58 signature verifies with ed25519', async () => {
    const { test, provider } = setup();
    await solanaAdapter.connect(provider, local);
    const message = 'Sign in to w3kit ✓';
    const signature = await solanaAdapter.signMessage(provider, test.address, message, local);
    const bytes = bs58.decode(signature);
    expect(bytes).toHaveLength(64);
    expect(ed25519Verify(bytes, new TextEncoder().encode(message), test.publicKey)).toBe(true);
  });

  it('a refusal is SignatureDeclinedError (4001)', async () => {
    const { test, provider } = setup();
    await solanaAdapter.connect(provider, local);
    test.setMode('reject');
    const err = await solanaAdapter.signMessage(provider, test.address, 'hi', local).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SignatureDeclinedError);
    expect(err).toMatchObject({ code: 4001, shortMessage: 'Signature declined' });
  });

  it('a signature that does not verify, or of the wrong size, is a typed malformed reply', async () => {
    const { test, provider } = setup();
    await solanaAdapter.connect(provider, local);
    test.setMode('garbage');
    await expect(solanaAdapter.signMessage(provider, test.address, 'hi', local)).rejects.toMatchObject({
      name: 'WalletRequestError',
      code: 'MALFORMED_REPLY',
      details: expect.stringContaining('not'),
    });
    test.setMode('approve');
    (test.wallet.features as Record<string, unknown>)['solana:signMessage'] = {
      version: '1.0.0',
      signMessage: async () => [{ signature: new Uint8Array(12), signedMessage: new Uint8Array() }],
    };
    await expect(solanaAdapter.signMessage(provider, test.address, 'hi', local)).rejects.toThrowError(WalletRequestError);
    (test.wallet.features as Record<string, unknown>)['solana:signMessage'] = { version: '1.0.0', signMessage: async () => 'signed!' };
    await expect(solanaAdapter.signMessage(provider, test.address, 'hi', local)).rejects.toMatchObject({ code: 'MALFORMED_REPLY' });
  });

  it('an address the wallet does not hold, or that is no address, is a typed error', async () => {
    const { provider } = setup();
    await solanaAdapter.connect(provider, local);
    await expect(solanaAdapter.signMessage(provider, '11111111111111111111111111111111', 'hi', local)).rejects.toMatchObject({
      code: 'UNKNOWN_ACCOUNT',
    });
    await expect(solanaAdapter.signMessage(provider, 'nope', 'hi', local)).rejects.toMatchObject({ messageCode: 'InvalidInput' });
  });
});

describe('solanaAdapter.sendTransaction input', () => {
  it('bad send options are rejected, naming the option, before anything is asked', async () => {
    const { test, provider } = setup();
    await solanaAdapter.connect(provider, local);
    const tx = { to: test.address, value: 1n };
    await expect(solanaAdapter.sendTransaction(provider, test.address, tx, local, { maxRetries: -2 })).rejects.toMatchObject({
      option: 'maxRetries',
    });
    await expect(solanaAdapter.sendTransaction(provider, test.address, tx, local, { skipPreflight: 1 })).rejects.toMatchObject({
      option: 'skipPreflight',
    });
    await expect(solanaAdapter.sendTransaction(provider, test.address, tx, local, { speed: 'fast' })).rejects.toMatchObject({
      option: 'speed',
    });
    expect(test.requests).toEqual(['standard:connect']);
  });

  it.each([
    [{ to: 'nope', value: 1 }, '"to"'],
    [{ to: '11111111111111111111111111111111', value: -1 }, '"value"'],
    [{ to: '11111111111111111111111111111111', value: 1.5 }, '"value"'],
    [{ to: '11111111111111111111111111111111', value: '0x10' }, '"value"'],
    [{ to: '11111111111111111111111111111111', value: 1, data: '0x' }, '"data"'],
    [Uint8Array.of(1, 2, 3), 'serialized'],
    ['0xdead', 'Solana transaction'],
  ])('a bad transaction %o is Invalid input naming %s', async (tx, named) => {
    const { test, provider } = setup();
    await solanaAdapter.connect(provider, local);
    await expect(solanaAdapter.sendTransaction(provider, test.address, tx, local)).rejects.toMatchObject({
      messageCode: 'InvalidInput',
      details: expect.stringContaining(named),
    });
  });
});
