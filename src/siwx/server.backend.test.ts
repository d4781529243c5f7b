/**
 * createServerSiwx against the real backend (server/: the /v1/siwx routes, SQLite) with a Hardhat
 * node (eip155:31337) and the local SVM (solana): sign in, reload, replay, wrong domain, wrong
 * key, revoke, and the token as an app's own server checks it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../server/src/index.js';
import { startSvmServer, type RunningSvm } from '../../server/src/svm/server.js';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { networks } from '../wire/networks.js';
import { buildSiwxMessage } from './message.js';
import { SERVER_SESSIONS_KEY, createServerSiwx } from './server.js';
import { SiwxError } from './errors.js';
import { evmSigner, MapStorage, PAGE, signed, solanaSigner } from './test-utils/signers.js';

const EVM_CHAIN = 'eip155:31337';
const SOL_CHAIN = networks.solanaLocal.caipNetworkId;

let node: HardhatNode;
let svm: RunningSvm;
let server: RunningServer;

beforeAll(async () => {
  [node, svm] = await Promise.all([startHardhat(), startSvmServer({ port: 0, onError: () => undefined })]);
  server = await startServer({ port: 0, seed: { wallets: 1 }, relayPort: false, evmRpc: node.url, solanaRpc: svm.url });
  vi.stubGlobal('location', PAGE);
}, 90_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.close();
  await Promise.all([node?.stop(), svm?.close()]);
});

const make = (storage = new MapStorage()) => ({
  storage,
  siwx: createServerSiwx({ apiUrl: server.url, projectId: DEV_PROJECT_ID, storage }),
});

/** What an app's own server does with a session token. */
const checkToken = (token: string) =>
  fetch(`${server.url}/v1/siwx/session?projectId=${DEV_PROJECT_ID}`, { headers: { authorization: `Bearer ${token}` } });

describe('createServerSiwx on the real backend', () => {
  it('signs in on eip155: a server nonce, a verified session kept across a reload, its token good for the app server', async () => {
    const { storage, siwx } = make();
    const signer = evmSigner();
    const message = await siwx.createMessage({ accountAddress: signer.address, chainId: EVM_CHAIN });
    expect(message.nonce).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(message.domain).toBe(PAGE.host);
    const session = await signed(message, signer);
    await siwx.addSession(session);
    // A reload: a new instance over the same storage.
    const [kept] = await createServerSiwx({ apiUrl: server.url, projectId: DEV_PROJECT_ID, storage }).getSessions(
      EVM_CHAIN,
      signer.address,
    );
    expect(kept).toMatchObject({
      data: { accountAddress: signer.address, chainId: EVM_CHAIN, domain: PAGE.host, uri: PAGE.origin, nonce: message.nonce },
      message: session.message,
      signature: session.signature,
    });
    const token = (kept!.cacao as { token: string }).token;
    const res = await checkToken(token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { session: { address: string } }).session.address.toLowerCase()).toBe(signer.address.toLowerCase());
    expect(await siwx.getSessions('eip155:31338', signer.address)).toEqual([]);
  });

  it('signs in on solana', async () => {
    const { siwx } = make();
    const signer = solanaSigner();
    const session = await signed(await siwx.createMessage({ accountAddress: signer.address, chainId: SOL_CHAIN }), signer);
    await siwx.addSession(session);
    expect((await siwx.getSessions(SOL_CHAIN, signer.address)).map((s) => s.signature)).toEqual([session.signature]);
  });

  it('refuses a replayed nonce (409), another domain and another key (401) with the backend text and status', async () => {
    const { siwx } = make();
    const signer = evmSigner();
    const session = await signed(await siwx.createMessage({ accountAddress: signer.address, chainId: EVM_CHAIN }), signer);
    await siwx.addSession(session);
    await expect(siwx.addSession(session)).rejects.toMatchObject({ message: 'Nonce already used', status: 409 });

    const wrongKey = await signed(await siwx.createMessage({ accountAddress: signer.address, chainId: EVM_CHAIN }), evmSigner());
    await expect(siwx.addSession(wrongKey)).rejects.toMatchObject({ message: 'Invalid signature', status: 401 });

    const { nonce } = await siwx.createMessage({ accountAddress: signer.address, chainId: EVM_CHAIN });
    const evil = buildSiwxMessage(
      { accountAddress: signer.address, chainId: EVM_CHAIN },
      { nonce, domain: 'evil.example', uri: 'https://evil.example' },
    );
    const refusal = await siwx.addSession(await signed(evil, signer)).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(SiwxError);
    expect((refusal as SiwxError).status).toBeGreaterThanOrEqual(400);
    expect((refusal as SiwxError).status).toBeLessThan(500);
    expect((refusal as SiwxError).message).toMatch(/domain/i);
  });

  it('revokes: the token stops working and the session is forgotten', async () => {
    const { storage, siwx } = make();
    const signer = evmSigner();
    await siwx.addSession(await signed(await siwx.createMessage({ accountAddress: signer.address, chainId: EVM_CHAIN }), signer));
    const [session] = await siwx.getSessions(EVM_CHAIN, signer.address);
    const token = (session!.cacao as { token: string }).token;
    await siwx.revokeSession(EVM_CHAIN, signer.address);
    expect(storage.getItem(SERVER_SESSIONS_KEY)).toBeNull();
    expect(await siwx.getSessions(EVM_CHAIN, signer.address)).toEqual([]);
    const res = await checkToken(token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Session revoked' });
  });

  it('drops a token the backend does not know (401) and answers no session', async () => {
    const { storage, siwx } = make();
    const signer = evmSigner();
    await siwx.addSession(await signed(await siwx.createMessage({ accountAddress: signer.address, chainId: EVM_CHAIN }), signer));
    const kept = JSON.parse(storage.getItem(SERVER_SESSIONS_KEY)!) as { token: string }[];
    kept[0]!.token = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    storage.setItem(SERVER_SESSIONS_KEY, JSON.stringify(kept));
    expect(await siwx.getSessions(EVM_CHAIN, signer.address)).toEqual([]);
    expect(storage.getItem(SERVER_SESSIONS_KEY)).toBeNull();
  });

  it('setSessions keeps the sessions whose tokens are live', async () => {
    const a = make();
    const signer = evmSigner();
    await a.siwx.addSession(await signed(await a.siwx.createMessage({ accountAddress: signer.address, chainId: EVM_CHAIN }), signer));
    const sessions = await a.siwx.getSessions(EVM_CHAIN, signer.address);
    const b = make();
    await b.siwx.setSessions([...sessions, { ...sessions[0]!, cacao: { token: 'unknown' } }]);
    expect(await b.siwx.getSessions(EVM_CHAIN, signer.address)).toEqual(sessions);
    await b.siwx.setSessions([]);
    expect(await b.siwx.getSessions(EVM_CHAIN, signer.address)).toEqual([]);
  });
});
