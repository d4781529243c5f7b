/** createBrowserSiwx with real keys (viem, ed25519) and a Map-backed storage; the page location stubbed as the browser's. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SIWXSession } from '../core/siwx.js';
import { networks } from '../wire/networks.js';
import { BROWSER_SESSIONS_KEY, createBrowserSiwx } from './browser.js';
import { buildSiwxMessage } from './message.js';
import { MAX_KEPT } from './storage.js';
import { evmSigner, MapStorage, PAGE, signed, solanaSigner } from './test-utils/signers.js';

const EVM_CHAIN = 'eip155:31337';
/** A chain with no preset and no RPC URL given: no EIP-1271 check is possible on it. */
const NO_RPC_CHAIN = 'eip155:987654';
const SOL_CHAIN = networks.solanaLocal.caipNetworkId;

let storage: MapStorage;
beforeEach(() => {
  vi.stubGlobal('location', PAGE);
  storage = new MapStorage();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('createBrowserSiwx', () => {
  it('keeps a verified eip155 session and returns it for its chain and address only', async () => {
    const siwx = createBrowserSiwx({ storage, statement: 'Sign in to the demo' });
    const signer = evmSigner();
    const message = await siwx.createMessage({ accountAddress: signer.address, chainId: EVM_CHAIN });
    expect(message.domain).toBe('localhost:5173');
    expect(message.nonce).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(message.toString()).toContain('\nSign in to the demo\n');
    const session = await signed(message, signer);
    await siwx.addSession(session);
    expect(await siwx.getSessions(EVM_CHAIN, signer.address.toLowerCase() as string)).toEqual([session]);
    expect(await siwx.getSessions('eip155:1', signer.address)).toEqual([]);
    expect(await siwx.getSessions(EVM_CHAIN, evmSigner().address)).toEqual([]);
    // Kept in storage: a new instance over the same storage (a reload) finds it.
    expect(JSON.parse(storage.getItem(BROWSER_SESSIONS_KEY)!)).toHaveLength(1);
    expect(await createBrowserSiwx({ storage }).getSessions(EVM_CHAIN, signer.address)).toEqual([session]);
  });

  it('keeps a verified solana session (ed25519)', async () => {
    const siwx = createBrowserSiwx({ storage });
    const signer = solanaSigner();
    const session = await signed(await siwx.createMessage({ accountAddress: signer.address, chainId: SOL_CHAIN }), signer);
    await siwx.addSession(session);
    expect(await siwx.getSessions(SOL_CHAIN, signer.address)).toEqual([session]);
  });

  it('refuses a signature by another key, on eip155 and solana', async () => {
    const siwx = createBrowserSiwx({ storage });
    const sol = solanaSigner();
    const solMessage = await siwx.createMessage({ accountAddress: sol.address, chainId: SOL_CHAIN });
    await expect(siwx.addSession(await signed(solMessage, solanaSigner()))).rejects.toThrow('Invalid signature');
    await expect(siwx.addSession({ ...(await signed(solMessage, sol)), signature: 'not-base58!' })).rejects.toThrow('Invalid signature');
    const evm = evmSigner();
    const evmMessage = await siwx.createMessage({ accountAddress: evm.address, chainId: NO_RPC_CHAIN });
    await expect(siwx.addSession(await signed(evmMessage, evmSigner()))).rejects.toThrow(
      /^Invalid signature \(no RPC URL for eip155:987654/,
    );
    await expect(siwx.addSession({ ...(await signed(evmMessage, evm)), signature: '0x1234' })).rejects.toThrow(/^Invalid signature/);
    expect(storage.getItem(BROWSER_SESSIONS_KEY)).toBeNull();
  });

  it('refuses a message for another domain, or whose URI is elsewhere', async () => {
    const siwx = createBrowserSiwx({ storage });
    const signer = evmSigner();
    const input = { accountAddress: signer.address, chainId: EVM_CHAIN } as const;
    const other = buildSiwxMessage(input, { nonce: 'abcdefgh1234', domain: 'evil.example', uri: 'https://evil.example' });
    await expect(siwx.addSession(await signed(other, signer))).rejects.toThrow('The message is for another domain');
    const elsewhere = buildSiwxMessage(input, { nonce: 'abcdefgh1234', domain: PAGE.host, uri: 'https://evil.example' });
    await expect(siwx.addSession(await signed(elsewhere, signer))).rejects.toThrow('The message URI is for another domain');
  });

  it('refuses a message whose text is not the session data', async () => {
    const siwx = createBrowserSiwx({ storage });
    const signer = evmSigner();
    const session = await signed(await siwx.createMessage({ accountAddress: signer.address, chainId: EVM_CHAIN }), signer);
    await expect(siwx.addSession({ ...session, data: { ...session.data, nonce: 'anotherNonce1' } })).rejects.toThrow(
      "The message's nonce is not the session's",
    );
    await expect(siwx.addSession({ ...session, data: { ...session.data, accountAddress: evmSigner().address } })).rejects.toThrow(
      "The message's address is not the session's",
    );
    await expect(siwx.addSession({ ...session, data: { ...session.data, chainId: 'eip155:1' } })).rejects.toThrow(
      "The message's chain is not the session's",
    );
    await expect(siwx.addSession({ ...session, message: `${session.message}\nextra` })).rejects.toThrow(/^The message is malformed/);
    await expect(siwx.addSession({ data: session.data } as SIWXSession)).rejects.toThrow(/needs data, message and signature/);
  });

  it('refuses an expired message, and stops returning a kept session once it expires', async () => {
    const siwx = createBrowserSiwx({ storage, expiresInMs: 60 * 60_000 });
    const signer = evmSigner();
    const old = buildSiwxMessage(
      { accountAddress: signer.address, chainId: EVM_CHAIN },
      { nonce: 'abcdefgh1234', expiresInMs: 60_000, now: new Date(Date.now() - 120_000) },
    );
    await expect(siwx.addSession(await signed(old, signer))).rejects.toThrow('The session has expired');
    const session = await signed(await siwx.createMessage({ accountAddress: signer.address, chainId: EVM_CHAIN }), signer);
    await siwx.addSession(session);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60 * 60_000 });
    expect(await siwx.getSessions(EVM_CHAIN, signer.address)).toEqual([]);
    // The expired one is dropped from storage, not just hidden.
    expect(storage.getItem(BROWSER_SESSIONS_KEY)).toBeNull();
  });

  it('drops corrupt storage (and clears the key) instead of throwing', async () => {
    const siwx = createBrowserSiwx({ storage, storageKey: 'my.key' });
    storage.setItem('my.key', '{not json');
    expect(await siwx.getSessions(EVM_CHAIN, evmSigner().address)).toEqual([]);
    expect(storage.getItem('my.key')).toBeNull();
    storage.setItem('my.key', JSON.stringify([{ data: { chainId: 'eip155:31337' }, message: 1 }]));
    expect(await siwx.getSessions(EVM_CHAIN, evmSigner().address)).toEqual([]);
    expect(storage.getItem('my.key')).toBeNull();
    // Adding after corruption works.
    storage.setItem('my.key', '"a string"');
    const signer = solanaSigner();
    const session = await signed(await siwx.createMessage({ accountAddress: signer.address, chainId: SOL_CHAIN }), signer);
    await siwx.addSession(session);
    expect(await siwx.getSessions(SOL_CHAIN, signer.address)).toEqual([session]);
  });

  it(`keeps at most ${MAX_KEPT} sessions, dropping the oldest`, async () => {
    const siwx = createBrowserSiwx({ storage });
    const signers = Array.from({ length: MAX_KEPT + 1 }, () => solanaSigner());
    for (const s of signers)
      await siwx.addSession(await signed(await siwx.createMessage({ accountAddress: s.address, chainId: SOL_CHAIN }), s));
    expect(JSON.parse(storage.getItem(BROWSER_SESSIONS_KEY)!)).toHaveLength(MAX_KEPT);
    expect(await siwx.getSessions(SOL_CHAIN, signers[0]!.address)).toEqual([]);
    expect(await siwx.getSessions(SOL_CHAIN, signers[1]!.address)).toHaveLength(1);
    expect(await siwx.getSessions(SOL_CHAIN, signers[MAX_KEPT]!.address)).toHaveLength(1);
  });

  it('replaces an account’s session on a new sign-in, and revokes it', async () => {
    const siwx = createBrowserSiwx({ storage });
    const signer = evmSigner();
    const first = await signed(await siwx.createMessage({ accountAddress: signer.address, chainId: EVM_CHAIN }), signer);
    const second = await signed(await siwx.createMessage({ accountAddress: signer.address, chainId: EVM_CHAIN }), signer);
    const otherChain = await signed(await siwx.createMessage({ accountAddress: signer.address, chainId: 'eip155:31338' }), signer);
    for (const s of [first, second, otherChain]) await siwx.addSession(s);
    expect(await siwx.getSessions(EVM_CHAIN, signer.address)).toEqual([second]);
    await siwx.revokeSession(EVM_CHAIN, signer.address);
    expect(await siwx.getSessions(EVM_CHAIN, signer.address)).toEqual([]);
    expect(await siwx.getSessions('eip155:31338', signer.address)).toEqual([otherChain]);
  });

  it('setSessions replaces every session, keeping the well-formed live ones for this page', async () => {
    const siwx = createBrowserSiwx({ storage });
    const a = evmSigner();
    const b = solanaSigner();
    const kept = await signed(await siwx.createMessage({ accountAddress: a.address, chainId: EVM_CHAIN }), a);
    await siwx.addSession(kept);
    const good = await signed(await siwx.createMessage({ accountAddress: b.address, chainId: SOL_CHAIN }), b);
    const expired = await signed(
      buildSiwxMessage({ accountAddress: b.address, chainId: 'solana:abc' }, { nonce: 'abcdefgh1234', expiresInMs: 1, now: new Date(0) }),
      b,
    );
    const elsewhere = await signed(
      buildSiwxMessage(
        { accountAddress: b.address, chainId: 'solana:def' },
        { nonce: 'abcdefgh1234', domain: 'evil.example', uri: 'https://evil.example' },
      ),
      b,
    );
    await siwx.setSessions([good, expired, elsewhere, { junk: true } as unknown as SIWXSession]);
    expect(await siwx.getSessions(EVM_CHAIN, a.address)).toEqual([]);
    expect(await siwx.getSessions(SOL_CHAIN, b.address)).toEqual([good]);
    expect(JSON.parse(storage.getItem(BROWSER_SESSIONS_KEY)!)).toHaveLength(1);
  });

  it('reports required and signOutOnDisconnect (default true), and refuses bad options naming them', () => {
    expect(createBrowserSiwx({ storage }).getRequired!()).toBe(false);
    expect(createBrowserSiwx({ storage, required: true }).getRequired!()).toBe(true);
    expect(createBrowserSiwx({ storage }).signOutOnDisconnect).toBe(true);
    expect(createBrowserSiwx({ storage, signOutOnDisconnect: false }).signOutOnDisconnect).toBe(false);
    expect(() => createBrowserSiwx({ statement: 'two\nlines' })).toThrow('Invalid option "siwx.statement": must be one line of text');
    expect(() => createBrowserSiwx({ expiresInMs: 0 })).toThrow(/siwx.expiresInMs/);
    expect(() => createBrowserSiwx({ required: 'yes' as unknown as boolean })).toThrow(/siwx.required/);
  });
});
