import { ed25519 } from '@noble/curves/ed25519';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { toHex, verifyMessage } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base58Decode, base58Encode } from '../../wire/base58.js';
import { MAX_QUEUED_APPROVALS } from './approval-queue.js';
import { MAX_PENDING_REQUESTS } from './dispatcher.js';
import { settle, startFrameHarness, TEST_NETWORKS, waitFor, type Reply } from './test-utils/frame-harness.js';

const networks = TEST_NETWORKS;

async function loggedIn(options: Parameters<typeof startFrameHarness>[0] = {}) {
  const h = startFrameHarness(options);
  expect((await h.call('SyncDappData', { projectId: 'w3kit-dev', sdkVersion: '4', networks, metadata: { name: 'Demo App' } })).ok).toBe(
    true,
  );
  expect((await h.call('ConnectEmail', { email: 'ada@example.com' })).payload).toEqual({ action: 'VERIFY_OTP' });
  const otp = await h.call('ConnectOtp', { otp: '123456' });
  expect(otp.error).toBeUndefined();
  return h;
}

let harness: ReturnType<typeof startFrameHarness> | undefined;
afterEach(() => {
  harness?.close();
  harness = undefined;
  vi.restoreAllMocks();
});

describe('frame dispatcher', () => {
  it('drops malformed messages with a warning and no reply', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    harness = startFrameHarness();
    harness.send('hello');
    harness.send({ kind: 'request', id: 'x1', type: 'NoSuchType', payload: {} });
    harness.send({ kind: 'request', type: 'GetChainId', payload: {} });
    harness.send({ kind: 'reply', id: 'x2', type: 'GetChainId', ok: true, payload: {} });
    await settle();
    expect(harness.received).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it("passes the host's layout reports to the click guard, parsed, with no reply; drops malformed ones", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    harness = startFrameHarness();
    const layout = { kind: 'layout', rect: { x: 10, y: 20.5, width: 360, height: 300 }, clipped: false, animating: true };
    harness.send(layout);
    harness.send({ ...layout, rect: { ...layout.rect, width: -1 } });
    harness.send({ ...layout, clipped: 'no' });
    harness.send({ kind: 'layout' });
    await settle();
    expect(harness.layouts).toEqual([layout]);
    expect(harness.received).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('answers a valid envelope with a bad payload by an error naming the field', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    harness = startFrameHarness();
    const reply = await harness.call('ConnectEmail', { email: 'not-an-email' });
    expect(reply.ok).toBe(false);
    expect(reply.error?.message).toMatch(/^Invalid ConnectEmail payload: email/);
    // The host says it in the user's words by the reason and the field, not by the message.
    expect(reply.error).toMatchObject({ reason: 'INVALID_PAYLOAD', field: 'email' });
    const long = await harness.call('ConnectEmail', { email: `${'a'.repeat(300)}@example.com` });
    expect(long.error).toMatchObject({ reason: 'INVALID_PAYLOAD', field: 'email' });
  });

  it('logs in: creates keys, registers both proofs, keeps the device share, never replies with key material', async () => {
    harness = await loggedIn();
    const { user, calls } = harness.api;
    expect(calls).toContain('POST /keys');
    expect(user.evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const device = harness.store.shares.get(user.id)!;
    expect(device[0]).toBe(1);
    const got = await harness.call('GetUser', {});
    expect(got.payload).toMatchObject({
      email: 'ada@example.com',
      address: user.evmAddress,
      chainId: 'eip155:31337',
      preferredAccountType: 'eoa',
    });
    const all = JSON.stringify(harness.received);
    for (const secret of [
      user.serverShare!,
      user.recoveryShare!,
      Buffer.from(device).toString('hex'),
      Buffer.from(device).toString('base64url'),
    ]) {
      expect(all).not.toContain(secret);
    }
  });

  it('refuses a method on neither list with 4200', async () => {
    harness = await loggedIn();
    const reply = await harness.call('RpcRequest', { namespace: 'eip155', chainId: 'eip155:31337', method: 'eth_sign', params: [] });
    expect(reply).toMatchObject({ ok: false, error: { message: 'Requested RPC call is not allowed', code: 4200 } });
  });

  it('never signs an unsafe request before approval; approving signs with the user key', async () => {
    harness = await loggedIn();
    const address = harness.api.user.evmAddress!;
    const pending = harness.call('RpcRequest', {
      namespace: 'eip155',
      chainId: 'eip155:31337',
      method: 'personal_sign',
      params: [toHex('hello frame'), address],
    });
    await waitFor(() => harness!.approvals.shown[0]);
    await settle(50);
    expect(harness.received.filter((m) => m.kind === 'reply' && m.type === 'RpcRequest')).toEqual([]);
    expect(harness.approvals.shown[0]!.view).toMatchObject({ title: 'Sign message', body: 'hello frame' });
    harness.approvals.answer(true);
    const reply = await pending;
    const signature = (reply.payload as { result: `0x${string}` }).result;
    expect(await verifyMessage({ address: address as `0x${string}`, message: 'hello frame', signature })).toBe(true);
  });

  it('rejecting answers 4001', async () => {
    harness = await loggedIn();
    const pending = harness.call('RpcRequest', {
      namespace: 'eip155',
      chainId: 'eip155:31337',
      method: 'personal_sign',
      params: ['0x6869', harness.api.user.evmAddress],
    });
    await waitFor(() => harness!.approvals.shown[0]);
    harness.approvals.answer(false);
    expect(await pending).toMatchObject({ ok: false, error: { code: 4001, message: 'User rejected the request.' } });
  });

  it('signs a Solana message and a transfer after approval', async () => {
    harness = await loggedIn();
    const address = harness.api.user.solanaAddress!;
    const message = new TextEncoder().encode('gm solana');
    const signing = harness.call('RpcRequest', {
      namespace: 'solana',
      chainId: 'solana:localnet',
      method: 'solana_signMessage',
      params: { message: base58Encode(message) },
    });
    await waitFor(() => harness!.approvals.shown[0]);
    harness.approvals.answer(true);
    const { signature } = ((await signing).payload as { result: { signature: string } }).result;
    expect(ed25519.verify(base58Decode(signature)!, message, base58Decode(address)!)).toBe(true);

    const payer = new PublicKey(address);
    const tx = new Transaction({ feePayer: payer, recentBlockhash: new PublicKey(new Uint8Array(32).fill(3)).toBase58() }).add(
      SystemProgram.transfer({ fromPubkey: payer, toPubkey: Keypair.generate().publicKey, lamports: 250_000_000 }),
    );
    const transaction = tx.serialize({ requireAllSignatures: false }).toString('base64');
    const txSigning = harness.call('RpcRequest', {
      namespace: 'solana',
      chainId: 'solana:localnet',
      method: 'solana_signTransaction',
      params: { transaction },
    });
    await waitFor(() => harness!.approvals.shown[1]);
    expect(harness.approvals.shown[1]!.view.rows).toContainEqual({ label: 'Amount', value: '0.25 SOL' });
    harness.approvals.answer(true);
    const signed = ((await txSigning).payload as { result: { transaction: string } }).result.transaction;
    expect(Transaction.from(Buffer.from(signed, 'base64')).verifySignatures()).toBe(true);
  });

  it('RpcAbort fails only the unsafe requests waiting for approval; safe ones continue', async () => {
    let release: (value: unknown) => void = () => undefined;
    harness = await loggedIn({ jsonRpc: () => new Promise((resolve) => (release = resolve)) });
    const address = harness.api.user.evmAddress!;
    const unsafeA = harness.call('RpcRequest', {
      namespace: 'eip155',
      chainId: 'eip155:31337',
      method: 'personal_sign',
      params: ['0x01', address],
    });
    const unsafeB = harness.call('RpcRequest', {
      namespace: 'eip155',
      chainId: 'eip155:31337',
      method: 'personal_sign',
      params: ['0x02', address],
    });
    const safe = harness.call('RpcRequest', { namespace: 'eip155', chainId: 'eip155:31337', method: 'eth_blockNumber', params: [] });
    await waitFor(() => harness!.approvals.shown[0]);
    await settle();
    expect((await harness.call('RpcAbort')).ok).toBe(true);
    for (const reply of [await unsafeA, await unsafeB])
      expect(reply).toMatchObject({ ok: false, error: { message: 'Request was aborted' } });
    release('0x2a');
    expect((await safe).payload).toEqual({ result: '0x2a' });
    expect(harness.approvals.hidden).toBeGreaterThan(0);
  });

  it(`caps pending requests at ${MAX_PENDING_REQUESTS}`, async () => {
    harness = await loggedIn({ jsonRpc: () => new Promise(() => undefined) });
    for (let i = 0; i < MAX_PENDING_REQUESTS; i++)
      void harness.call('RpcRequest', { namespace: 'eip155', chainId: 'eip155:31337', method: 'eth_blockNumber' });
    const over = await harness.call('RpcRequest', { namespace: 'eip155', chainId: 'eip155:31337', method: 'eth_blockNumber' });
    expect(over).toMatchObject({ ok: false, error: { message: 'Too many pending requests' } });
  });

  it(`queues at most ${MAX_QUEUED_APPROVALS} unsafe requests behind the one shown`, async () => {
    harness = await loggedIn();
    const address = harness.api.user.evmAddress!;
    const sign = () =>
      harness!.call('RpcRequest', { namespace: 'eip155', chainId: 'eip155:31337', method: 'personal_sign', params: ['0x01', address] });
    for (let i = 0; i < MAX_QUEUED_APPROVALS + 1; i++) void sign();
    await waitFor(() => harness!.approvals.shown[0]);
    await settle(50);
    expect(await sign()).toMatchObject({ ok: false, error: { message: 'Too many pending requests' } });
  });

  it('a 401 mid-use posts SessionExpired and answers Session Expired', async () => {
    harness = await loggedIn();
    harness.api.expire();
    const reply = await harness.call('GetUser', {});
    expect(reply).toMatchObject({ ok: false, error: { message: 'Session Expired' } });
    expect(harness.received).toContainEqual({ kind: 'event', type: 'SessionExpired' });
    expect((await harness.call('IsConnected')).payload).toEqual({ isConnected: false });
  });

  it('switches only to a synced network, and answers the smart-account calls with eoa', async () => {
    harness = await loggedIn();
    expect((await harness.call('SwitchNetwork', { chainId: 'eip155:1' })).error?.message).toBe('Chain is not supported');
    expect((await harness.call('SwitchNetwork', { chainId: 'solana:localnet' })).payload).toEqual({ chainId: 'solana:localnet' });
    expect((await harness.call('GetChainId')).payload).toEqual({ chainId: 'solana:localnet' });
    expect((await harness.call('GetSmartAccountEnabledNetworks')).payload).toEqual({ smartAccountEnabledNetworks: [] });
    expect((await harness.call('InitSmartAccount')).error?.message).toBe('This application might not support Smart Accounts');
    expect((await harness.call('SetPreferredAccount', { type: 'eoa' })).payload).toEqual({
      type: 'eoa',
      address: harness.api.user.solanaAddress,
    });
  });

  it('signs out on the server and forgets the token, keeping the device share', async () => {
    harness = await loggedIn();
    expect((await harness.call('SignOut')).ok).toBe(true);
    expect(harness.api.calls).toContain('POST /signout');
    expect(await harness.store.getToken()).toBeUndefined();
    expect(harness.store.shares.size).toBe(1);
    expect((await harness.call('IsConnected')).payload).toEqual({ isConnected: false });
    const replies: Reply[] = harness.received.filter((m) => m.kind === 'event');
    expect(replies).not.toContainEqual({ kind: 'event', type: 'SessionExpired' });
  });
});
