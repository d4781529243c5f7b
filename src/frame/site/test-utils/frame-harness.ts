/**
 * For the frame's node tests: an in-memory DeviceStore, a tiny in-test stand-in for the auth
 * API's fetch (the real server is tested in server/), an approval prompt the test answers, and a
 * port pair with the dispatcher on one end.
 */
import { ed25519 } from '@noble/curves/ed25519';
import { verifyMessage } from 'viem';
import { keyRegistrationMessage } from '../../../wire/auth-api.js';
import { base58Decode } from '../../../wire/base58.js';
import type { FrameRequestType } from '../../messages.js';
import { createAuthApi } from '../api-client.js';
import type {
  ApprovalPrompt,
  ApprovalView,
  Clock,
  ExportScreen,
  FrameContext,
  JsonRpcCall,
  PasskeyAuthenticator,
  PasskeyScreen,
} from '../context.js';
import { serveFramePort } from '../dispatcher.js';
import { memoryDeviceStore } from './memory-device-store.js';

export interface FakeUser {
  id: string;
  email: string | null;
  socialProvider?: 'google' | 'github' | 'farcaster';
  userName?: string;
  evmAddress?: string;
  solanaAddress?: string;
  serverShare?: string;
  recoveryShare?: string;
}

/** What an extra route of the fake auth API sees (see `routes` below). */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  /** Whether the request carries the live session's token. */
  authed: boolean;
  user: FakeUser;
  json(status: number, body: unknown): Response;
  /** Starts a session (as a login's reply does), with `extra` fields in the reply. */
  session(deviceVerified: boolean, extra?: Record<string, unknown>): Response;
}
/** Routes tried before the built-in ones; undefined falls through. */
export type FakeRoutes = (request: FakeRequest) => Promise<Response | undefined> | Response | undefined;

/** A stand-in for the auth API's fetch: one user, code 123456, sessions as plain tokens. */
export function fakeAuthApiFetch(
  options: { allowedOrigins?: string[]; user?: FakeUser; deviceVerified?: boolean; approveAfterPolls?: number; routes?: FakeRoutes } = {},
) {
  const user: FakeUser = options.user ?? { id: 'user-00000001', email: 'ada@example.com' };
  const calls: string[] = [];
  /** Every request's path and raw body, to search for what must never be sent. */
  const sent: { path: string; body: string }[] = [];
  let token: string | undefined;
  let expired = false;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const userView = () => ({
    id: user.id,
    email: user.email,
    evmAddress: user.evmAddress,
    solanaAddress: user.solanaAddress,
    socialProvider: user.socialProvider,
    userName: user.userName,
  });
  const session = (deviceVerified: boolean, extra: Record<string, unknown> = {}) => {
    token = `t${crypto.randomUUID().replace(/-/g, '')}`.padEnd(40, 't');
    expired = false;
    return json(200, { token, expiresAt: Date.now() + 3_600_000, user: userView(), deviceVerified, ...extra });
  };

  const fetchFn = async (url: string, init: RequestInit): Promise<Response> => {
    const parsedUrl = new URL(url, 'http://frame.test');
    const path = parsedUrl.pathname.replace('/auth/v1', '');
    calls.push(`${init.method} ${path}`);
    sent.push({ path, body: typeof init.body === 'string' ? init.body : '' });
    if ((init.headers as Record<string, string>)['x-w3kit-frame'] !== '1') return json(403, { message: 'Missing x-w3kit-frame' });
    const body = init.body ? (JSON.parse(init.body as string) as Record<string, string>) : {};
    const authed = !expired && token !== undefined && (init.headers as Record<string, string>).authorization === `Bearer ${token}`;
    const extra = await options.routes?.({
      method: init.method ?? 'GET',
      path,
      query: parsedUrl.searchParams,
      body,
      authed,
      user,
      json,
      session,
    });
    if (extra) return extra;
    if (path === '/origins') return json(200, { allowedOrigins: options.allowedOrigins ?? ['http://app.test'] });
    if (path === '/email/start')
      // Each login its own id: login-0000001, login-0000002, ...
      return json(200, {
        loginId: `login-${String(calls.filter((c) => c.endsWith('/email/start')).length).padStart(7, '0')}`,
        action: options.deviceVerified ? 'VERIFY_DEVICE' : 'VERIFY_OTP',
      });
    if (path === '/device/status')
      return json(200, { approved: calls.filter((c) => c.endsWith('/device/status')).length >= (options.approveAfterPolls ?? 3) });
    if (path === '/email/verify') {
      if (body.otp !== '123456') return json(400, { message: 'Invalid code' });
      return session(options.deviceVerified ?? false);
    }
    if (!authed) return json(401, { message: 'Session Expired' });
    if (path === '/session') return json(200, { user: userView(), expiresAt: Date.now() + 3_600_000 });
    if (path === '/signout') {
      token = undefined;
      return json(200, {});
    }
    if (path === '/keys' && init.method === 'POST') {
      const message = keyRegistrationMessage(user.id);
      const evmOk = await verifyMessage({
        address: body.evmAddress as `0x${string}`,
        message,
        signature: body.evmSignature as `0x${string}`,
      });
      const solOk = ed25519.verify(
        base58Decode(body.solanaSignature!)!,
        new TextEncoder().encode(message),
        base58Decode(body.solanaAddress!)!,
      );
      if (!evmOk || !solOk) return json(400, { message: 'Bad proof' });
      Object.assign(user, {
        evmAddress: body.evmAddress,
        solanaAddress: body.solanaAddress,
        serverShare: body.serverShare,
        recoveryShare: body.recoveryShare,
      });
      return json(200, {});
    }
    if (path === '/keys/server-share') return json(200, { share: user.serverShare });
    if (path === '/export/start') return json(200, { exportId: 'export-000001' });
    if (path === '/export/verify')
      return body.otp === '123456' ? json(200, { share: user.serverShare }) : json(400, { message: 'Invalid code' });
    if (path === '/email/change/start') return json(200, { changeId: 'change-000001', action: 'VERIFY_PRIMARY_OTP' });
    if (path === '/email/change/primary') return json(200, { action: 'VERIFY_SECONDARY_OTP' });
    if (path === '/email/change/secondary') {
      user.email = 'grace@example.com';
      return json(200, { email: user.email });
    }
    if (path === '/keys/recovery-share') {
      if (!options.deviceVerified) return json(403, { message: 'The device was not verified' });
      return json(200, { share: user.recoveryShare });
    }
    return json(404, { message: `No route ${path}` });
  };
  return {
    fetchFn,
    user,
    calls,
    sent,
    expire: () => {
      expired = true;
    },
  };
}

/** An approval prompt the test answers: `pending` lists what is shown, `answer` clicks. */
export function scriptedPrompt() {
  const shown: { view: ApprovalView; resolve(approved: boolean): void }[] = [];
  let hidden = 0;
  const prompt: ApprovalPrompt = {
    show: (view) => new Promise((resolve) => shown.push({ view, resolve })),
    hide: () => {
      hidden++;
    },
  };
  return {
    prompt,
    shown,
    get hidden() {
      return hidden;
    },
    answer(approved: boolean) {
      shown.at(-1)!.resolve(approved);
    },
  };
}

/** The networks the frame's tests sync (SyncDappData): Hardhat and the local SVM. */
export const HARDHAT_NETWORK = {
  caipNetworkId: 'eip155:31337',
  name: 'Hardhat',
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
};
export const SOLANA_LOCAL_NETWORK = {
  caipNetworkId: 'solana:localnet',
  name: 'Solana Local',
  rpcUrl: 'http://127.0.0.1:8899',
  nativeCurrency: { name: 'Sol', symbol: 'SOL', decimals: 9 },
};
export const TEST_NETWORKS = [HARDHAT_NETWORK, SOLANA_LOCAL_NETWORK];

export const manualClock: Clock = { now: () => Date.now(), sleep: () => new Promise((resolve) => setTimeout(resolve, 1)) };

export interface Reply {
  kind: string;
  id?: string;
  type?: string;
  ok?: boolean;
  payload?: unknown;
  error?: { message?: string; code?: number };
}

/** The dispatcher on one port of a MessageChannel; the test talks on the other. */
export function startFrameHarness(
  options: {
    jsonRpc?: JsonRpcCall;
    allowedOrigins?: string[];
    user?: FakeUser;
    deviceVerified?: boolean;
    approveAfterPolls?: number;
    clock?: Clock;
    exportScreen?: ExportScreen;
    routes?: FakeRoutes;
    passkeys?: PasskeyAuthenticator;
    passkeyScreen?: PasskeyScreen;
    parentOrigin?: string;
  } = {},
) {
  const channel = new MessageChannel();
  const api = fakeAuthApiFetch(options);
  const store = memoryDeviceStore();
  const approvals = scriptedPrompt();
  const received: Reply[] = [];
  /** The host's layout reports the dispatcher passed on (parsed). */
  const layouts: unknown[] = [];
  let exportRuns = 0;
  const ctx: FrameContext = serveFramePort(
    channel.port1 as unknown as MessagePort,
    {
      api: createAuthApi(api.fetchFn),
      store,
      approvals: approvals.prompt,
      exportScreen: options.exportScreen ?? {
        run: async () => {
          exportRuns++;
        },
      },
      passkeyScreen: options.passkeyScreen ?? { run: (create) => create(), dismiss: () => undefined },
      passkeys: options.passkeys ?? {
        create: () => Promise.reject(new Error('No authenticator in this test')),
        get: () => Promise.reject(new Error('No authenticator in this test')),
      },
      clock: options.clock ?? manualClock,
      jsonRpc: options.jsonRpc ?? (async () => '0x1'),
      applyTheme: () => undefined,
      reload: () => undefined,
      hostLayout: (layout) => layouts.push(layout),
    },
    { projectId: 'w3kit-dev', parentOrigin: options.parentOrigin ?? 'http://app.test' },
  );
  channel.port2.onmessage = (event) => received.push(event.data as Reply);
  let nextId = 0;
  const send = (message: unknown) => channel.port2.postMessage(message);
  const call = (type: FrameRequestType, payload: unknown = {}): Promise<Reply> => {
    const id = `r${++nextId}`;
    send({ kind: 'request', id, type, payload });
    return waitFor(() => received.find((m) => m.kind === 'reply' && m.id === id));
  };
  return {
    channel,
    api,
    store,
    approvals,
    received,
    layouts,
    ctx,
    send,
    call,
    exportRuns: () => exportRuns,
    close: () => channel.port2.close(),
  };
}

/** Polls `find` until it returns something (1 s at most). */
export async function waitFor<T>(find: () => T | undefined, ms = 1_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Lets queued messages and promises run. */
export const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));
