/**
 * createServerSiwx's requests and its handling of what the real backend does not do on purpose
 * (malformed replies, no answer), against a small local HTTP server; the backend itself is in
 * server.backend.test.ts.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_SESSIONS_KEY, createServerSiwx } from './server.js';
import { errorMessage } from '../elements/l10n/errors.js';
import { SiwxError } from './errors.js';
import { MapStorage, PAGE } from './test-utils/signers.js';
import { closedPortUrl } from '../test-utils/loopback-server.js';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CHAIN = 'eip155:31337';
/** A token as the backend makes them (32 bytes, base64url). */
const TOKEN = 'tok1_tok1-tok1_tok1-tok1_tok1-tok1_tok1-abc';
const SESSION = {
  id: 's1',
  namespace: 'eip155',
  chainId: CHAIN,
  address: ADDRESS,
  domain: PAGE.host,
  uri: PAGE.origin,
  nonce: 'abcdefgh12345678',
  statement: null,
  message: 'text',
  signature: '0x00',
  issuedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2099-01-01T00:00:00.000Z',
  createdAt: 0,
};

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
/** The next reply per path (`/v1/siwx/nonce`): status and body text. */
const replies = new Map<string, [number, string, Record<string, string>?]>();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const [status, text, headers] = replies.get(new URL(req.url!, 'http://x').pathname) ?? [404, '{"message":"Not found"}'];
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  replies.clear();
  vi.stubGlobal('location', PAGE);
  return () => vi.unstubAllGlobals();
});

const keptToken = (storage: MapStorage): void => storage.setItem(SERVER_SESSIONS_KEY, JSON.stringify([{ token: TOKEN, session: SESSION }]));

describe('createServerSiwx requests', () => {
  it('asks for a nonce with the project as query and header, and builds the message with it', async () => {
    replies.set('/v1/siwx/nonce', [200, JSON.stringify({ nonce: 'Abcdefgh12345678', expiresAt: Date.now() + 60_000 })]);
    const siwx = createServerSiwx({ apiUrl: `${baseUrl}/`, projectId: 'my-project', storage: new MapStorage(), statement: 'Hello' });
    const message = await siwx.createMessage({ accountAddress: ADDRESS, chainId: CHAIN });
    expect(message.nonce).toBe('Abcdefgh12345678');
    expect(message.toString()).toContain('\nHello\n');
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/v1/siwx/nonce?projectId=my-project' });
    expect(seen[0]!.headers['x-project-id']).toBe('my-project');
  });

  it('posts the message and signature to verify and keeps the token; the session is read with the bearer', async () => {
    replies.set('/v1/siwx/verify', [200, JSON.stringify({ token: TOKEN, session: SESSION })]);
    replies.set('/v1/siwx/session', [200, JSON.stringify({ session: SESSION })]);
    const storage = new MapStorage();
    const siwx = createServerSiwx({ apiUrl: baseUrl, projectId: 'p1', storage });
    await siwx.addSession({
      data: { accountAddress: ADDRESS, chainId: CHAIN, domain: '', uri: '', version: '1', nonce: '' },
      message: 'm',
      signature: 's',
    });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/siwx/verify?projectId=p1' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ message: 'm', signature: 's' });
    expect(JSON.parse(storage.getItem(SERVER_SESSIONS_KEY)!)).toEqual([{ token: TOKEN, session: SESSION }]);
    const [session] = await siwx.getSessions(CHAIN, ADDRESS.toLowerCase());
    expect(seen[1]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(session).toEqual({
      data: {
        accountAddress: ADDRESS,
        chainId: CHAIN,
        domain: PAGE.host,
        uri: PAGE.origin,
        version: '1',
        nonce: SESSION.nonce,
        issuedAt: SESSION.issuedAt,
        expirationTime: SESSION.expiresAt,
      },
      message: 'text',
      signature: '0x00',
      cacao: { token: TOKEN },
    });
  });

  it('refuses a verify reply whose token is not one, keeping nothing', async () => {
    replies.set('/v1/siwx/verify', [200, JSON.stringify({ token: 'short', session: SESSION })]);
    const storage = new MapStorage();
    const siwx = createServerSiwx({ apiUrl: baseUrl, projectId: 'p1', storage });
    await expect(siwx.addSession({ data: {} as never, message: 'm', signature: 's' })).rejects.toThrow(
      "The sign-in server's reply to verify is malformed",
    );
    expect(storage.getItem(SERVER_SESSIONS_KEY)).toBeNull();
  });

  it("throws the backend's refusal text with its status", async () => {
    replies.set('/v1/siwx/verify', [409, JSON.stringify({ message: 'Nonce already used' })]);
    const siwx = createServerSiwx({ apiUrl: baseUrl, projectId: 'p1', storage: new MapStorage() });
    const err = await siwx.addSession({ data: {} as never, message: 'm', signature: 's' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SiwxError);
    expect(err).toMatchObject({ message: 'Nonce already used', status: 409 });
    replies.set('/v1/siwx/verify', [502, '<html>bad gateway</html>']);
    await expect(siwx.addSession({ data: {} as never, message: 'm', signature: 's' })).rejects.toMatchObject({
      message: 'The sign-in server answered 502',
      status: 502,
    });
  });

  it("gives a 429 the RateLimited code the modal says in the user's words, with the Retry-After seconds when readable", async () => {
    const siwx = createServerSiwx({ apiUrl: baseUrl, projectId: 'p1', storage: new MapStorage() });
    const text = 'Too many unused nonces from this address: at most 50 in 5 minutes; please try again after 42 seconds';
    replies.set('/v1/siwx/nonce', [429, JSON.stringify({ message: text }), { 'retry-after': '42' }]);
    const err = await siwx.createMessage({ accountAddress: ADDRESS, chainId: CHAIN }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SiwxError);
    expect(err).toMatchObject({ message: text, status: 429, messageCode: 'RateLimited', code: 42 });
    expect(errorMessage(err)).toBe('Too many requests. Please try again after 42 seconds.');
    replies.set('/v1/siwx/nonce', [429, JSON.stringify({ message: text })]);
    const unread = await siwx.createMessage({ accountAddress: ADDRESS, chainId: CHAIN }).catch((e: unknown) => e);
    expect(errorMessage(unread)).toBe('Too many requests. Please try again later.');
  });

  it("says every other refusal in the user's words, never the backend's English", async () => {
    const siwx = createServerSiwx({ apiUrl: baseUrl, projectId: 'p1', storage: new MapStorage() });
    const said = async (status: number, body: string) => {
      replies.set('/v1/siwx/verify', [status, body]);
      return errorMessage(await siwx.addSession({ data: {} as never, message: 'm', signature: 's' }).catch((e: unknown) => e));
    };
    const expired = 'This sign-in request expired. Please sign again.';
    expect(await said(409, JSON.stringify({ message: 'Nonce already used', field: 'nonce' }))).toBe(expired);
    expect(await said(400, JSON.stringify({ message: 'Nonce expired', field: 'nonce' }))).toBe(expired);
    const refused = 'The sign-in was not accepted. Please try again.';
    expect(await said(401, JSON.stringify({ message: 'Invalid signature', field: 'signature' }))).toBe(refused);
    expect(await said(400, JSON.stringify({ message: 'Invalid signature: its s is above half the curve order', field: 'signature' }))).toBe(
      refused,
    );
    expect(await said(502, '<html>bad gateway</html>')).toBe(refused);
    expect(await said(200, JSON.stringify({ token: 'short', session: SESSION }))).toBe(refused);
  });

  it('says a backend out of reach as such', async () => {
    const siwx = createServerSiwx({ apiUrl: await closedPortUrl(), projectId: 'p1', storage: new MapStorage() });
    const err = await siwx.createMessage({ accountAddress: ADDRESS, chainId: CHAIN }).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: 'Could not reach the sign-in server', messageCode: 'SignInUnreachable' });
    expect(errorMessage(err)).toBe('Could not reach the sign-in server. Check your connection and try again.');
  });

  it('calls a malformed reply malformed', async () => {
    replies.set('/v1/siwx/nonce', [200, JSON.stringify({ nonce: 'short' })]);
    const siwx = createServerSiwx({ apiUrl: baseUrl, projectId: 'p1', storage: new MapStorage() });
    await expect(siwx.createMessage({ accountAddress: ADDRESS, chainId: CHAIN })).rejects.toThrow(
      "The sign-in server's reply to nonce is malformed",
    );
    replies.set('/v1/siwx/nonce', [200, 'not json']);
    await expect(siwx.createMessage({ accountAddress: ADDRESS, chainId: CHAIN })).rejects.toThrow(/malformed/);
  });

  it('drops a token the backend answers 401 for; a server error keeps it and throws', async () => {
    const storage = new MapStorage();
    keptToken(storage);
    const siwx = createServerSiwx({ apiUrl: baseUrl, projectId: 'p1', storage });
    replies.set('/v1/siwx/session', [500, JSON.stringify({ message: 'Internal error' })]);
    await expect(siwx.getSessions(CHAIN, ADDRESS)).rejects.toMatchObject({ status: 500 });
    expect(storage.getItem(SERVER_SESSIONS_KEY)).not.toBeNull();
    replies.set('/v1/siwx/session', [401, JSON.stringify({ message: 'Session expired' })]);
    expect(await siwx.getSessions(CHAIN, ADDRESS)).toEqual([]);
    expect(storage.getItem(SERVER_SESSIONS_KEY)).toBeNull();
  });

  it('refuses a session reply for another account', async () => {
    const storage = new MapStorage();
    keptToken(storage);
    replies.set('/v1/siwx/session', [
      200,
      JSON.stringify({ session: { ...SESSION, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } }),
    ]);
    const siwx = createServerSiwx({ apiUrl: baseUrl, projectId: 'p1', storage });
    await expect(siwx.getSessions(CHAIN, ADDRESS)).rejects.toThrow("The sign-in server's session is for another account or chain");
  });

  it('revokes with the bearer, forgetting the token even when the backend cannot be reached (and rethrowing)', async () => {
    const storage = new MapStorage();
    keptToken(storage);
    replies.set('/v1/siwx/revoke', [200, JSON.stringify({ revoked: true })]);
    await createServerSiwx({ apiUrl: baseUrl, projectId: 'p1', storage }).revokeSession(CHAIN, ADDRESS);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/siwx/revoke?projectId=p1' });
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(storage.getItem(SERVER_SESSIONS_KEY)).toBeNull();

    keptToken(storage);
    const offline = createServerSiwx({ apiUrl: 'http://127.0.0.1:9', projectId: 'p1', storage });
    await expect(offline.getSessions(CHAIN, ADDRESS)).rejects.toThrow('Could not reach the sign-in server');
    expect(storage.getItem(SERVER_SESSIONS_KEY)).not.toBeNull();
    await expect(offline.revokeSession(CHAIN, ADDRESS)).rejects.toThrow('Could not reach the sign-in server');
    expect(storage.getItem(SERVER_SESSIONS_KEY)).toBeNull();
  });

  it('refuses bad options, naming them', () => {
    const storage = new MapStorage();
    expect(() => createServerSiwx({ apiUrl: 'not a url', projectId: 'p1', storage })).toThrow(/"siwx.apiUrl"/);
    expect(() => createServerSiwx({ apiUrl: 'ftp://x', projectId: 'p1', storage })).toThrow(/"siwx.apiUrl"/);
    expect(() => createServerSiwx({ apiUrl: baseUrl, projectId: '', storage })).toThrow(/"siwx.projectId"/);
    expect(() => createServerSiwx({ apiUrl: baseUrl, projectId: 'p1', expiresInMs: 8 * 24 * 60 * 60_000 })).toThrow(
      /"siwx.expiresInMs": must be at most/,
    );
    expect(createServerSiwx({ apiUrl: baseUrl, projectId: 'p1', storage }).signOutOnDisconnect).toBe(true);
    expect(createServerSiwx({ apiUrl: baseUrl, projectId: 'p1', storage, required: true }).getRequired!()).toBe(true);
  });
});
