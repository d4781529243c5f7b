/**
 * `createBrowserSiwx`: sign-in sessions kept in the page's storage and verified in the browser
 * before they are kept (./verify.ts). No backend: the app's server cannot trust these sessions,
 * the page can (to gate what it shows); for sessions a server can check, see ./server.ts.
 */
import * as z from 'zod/mini';
import type { SIWXConfig, SIWXSession, SiwxChainId } from '../core/siwx.js';
import { W3ConfigError } from '../core/errors/config.js';
import { presetByCaipId } from '../wire/networks.js';
import { buildSiwxMessage, randomNonce, splitChainId } from './message.js';
import { keptList, type SiwxStorage } from './storage.js';
import { checkSessionMessage, sameAccount } from './verify.js';

export interface BrowserSiwxOptions {
  /** True: the modal cannot be closed until the account signs in, and Cancel disconnects. */
  required?: boolean;
  /** The line the wallet shows under the header ("Sign in to Example"). */
  statement?: string;
  /** A session's lifetime from signing; default 24 h. */
  expiresInMs?: number;
  /** Revoke the session when the user disconnects; default true. */
  signOutOnDisconnect?: boolean;
  /** RPC URLs by CAIP-2 id for EIP-1271 checks of contract accounts; a preset network's RPC otherwise. */
  rpcUrls?: Record<string, string>;
  /** Default `localStorage`. */
  storage?: SiwxStorage;
  /** Default `w3kit.siwx.sessions`. */
  storageKey?: string;
}

export const BROWSER_SESSIONS_KEY = 'w3kit.siwx.sessions';

const text = z.string();
const optionalText = z.optional(z.string());
const sessionSchema = z.object({
  data: z.object({
    accountAddress: text,
    chainId: z.templateLiteral([z.string(), ':', z.string()]),
    domain: text,
    uri: text,
    version: z.literal('1'),
    nonce: text,
    statement: optionalText,
    issuedAt: optionalText,
    expirationTime: optionalText,
    notBefore: optionalText,
    requestId: optionalText,
    resources: z.optional(z.array(z.string())),
  }),
  message: text,
  signature: text,
});

/** Validates the options, naming a bad one (W3ConfigError). */
export function checkCommonOptions(options: {
  statement?: unknown;
  expiresInMs?: unknown;
  required?: unknown;
  signOutOnDisconnect?: unknown;
}): void {
  if (options.statement !== undefined && (typeof options.statement !== 'string' || options.statement.includes('\n')))
    throw new W3ConfigError('siwx.statement', 'must be one line of text');
  const ms = options.expiresInMs;
  if (ms !== undefined && (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0))
    throw new W3ConfigError('siwx.expiresInMs', 'must be a positive number of milliseconds');
  for (const key of ['required', 'signOutOnDisconnect'] as const)
    if (options[key] !== undefined && typeof options[key] !== 'boolean') throw new W3ConfigError(`siwx.${key}`, 'must be true or false');
}

/** Whether a kept session belongs to `chainId` and `address`. */
function belongsTo(session: SIWXSession, chainId: string, address: string): boolean {
  return session.data.chainId === chainId && sameAccount(splitChainId(chainId).namespace, session.data.accountAddress, address);
}

/** Whether a session is well formed, for this page and live (its signature not checked). */
function isWellFormed(session: SIWXSession, now: number): boolean {
  if (!z.safeParse(sessionSchema, session).success) return false;
  try {
    checkSessionMessage(session, now);
    return true;
  } catch {
    return false;
  }
}

/** The session as it is kept: its data, text and signature (implementation extras are not). */
const kept = (s: SIWXSession): SIWXSession => ({ data: { ...s.data }, message: s.message, signature: s.signature });

export function createBrowserSiwx(options: BrowserSiwxOptions = {}): SIWXConfig {
  checkCommonOptions(options);
  const sessions = keptList<SIWXSession>(sessionSchema, options.storageKey ?? BROWSER_SESSIONS_KEY, options.storage);
  const isLive = (s: SIWXSession, now: number): boolean => !s.data.expirationTime || Date.parse(s.data.expirationTime) > now;

  return {
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
    getRequired: () => options.required ?? false,

    createMessage(input) {
      return Promise.resolve().then(() =>
        buildSiwxMessage(input, { nonce: randomNonce(), statement: options.statement, expiresInMs: options.expiresInMs }),
      );
    },

    async addSession(session) {
      if (!z.safeParse(sessionSchema, session).success) throw new W3ConfigError('session', 'needs data, message and signature');
      const fields = checkSessionMessage(session);
      const { chainId, accountAddress } = session.data;
      const rpcUrl = options.rpcUrls?.[chainId] ?? presetByCaipId(chainId)?.rpcUrls.default.http[0];
      // The curves and viem's RPC client: a chunk of their own, loaded on the first sign-in.
      const { checkSessionSignature } = await import('./signature.js');
      await checkSessionSignature(session, fields, { rpcUrl });
      sessions.write([...sessions.read().filter((s) => !belongsTo(s, chainId, accountAddress)), kept(session)]);
    },

    getSessions(chainId: SiwxChainId, address: string) {
      return Promise.resolve().then(() => {
        const now = Date.now();
        const all = sessions.read();
        const live = all.filter((s) => isLive(s, now));
        if (live.length !== all.length) sessions.write(live);
        return live.filter((s) => belongsTo(s, chainId, address));
      });
    },

    revokeSession(chainId: SiwxChainId, address: string) {
      return Promise.resolve().then(() => sessions.write(sessions.read().filter((s) => !belongsTo(s, chainId, address))));
    },

    setSessions(list: SIWXSession[]) {
      return Promise.resolve().then(() => {
        if (!Array.isArray(list)) throw new W3ConfigError('sessions', 'must be an array of sessions');
        const now = Date.now();
        sessions.write(list.filter((s) => isWellFormed(s, now)).map(kept));
      });
    },
  };
}
