/**
 * A test implementation of SIWXConfig (tests only, a real one, not a mock): it builds CAIP-122
 * messages with a fresh random nonce, verifies each signature for real (EIP-191 through viem for
 * eip155, ed25519 for solana), refuses a nonce it did not issue or that was used, and keeps the
 * sessions in memory (or in a Map the test passes, so a "reload" finds them again).
 */
import { ed25519 } from '@noble/curves/ed25519';
import { verifyMessage } from 'viem';
import type { SIWXConfig, SIWXMessage, SIWXSession, SiwxChainId } from '../core/siwx.js';
import { base58Decode } from '../wire/base58.js';
import { formatCaip122, parseCaip122 } from '../wire/caip122.js';

export interface MemorySiwx extends SIWXConfig {
  /** Every session kept, by `chainId:address`. */
  sessions: Map<string, SIWXSession>;
  /** Every call, in order, as `method chainId address` (createMessage, getSessions, addSession, revokeSession). */
  calls: string[];
  required: boolean;
  /** When set, getSessions throws this. */
  failGetSessions: Error | undefined;
  /** How long revokeSession takes (ms). */
  revokeDelayMs: number;
}

const key = (chainId: string, address: string): string => `${chainId}:${address.toLowerCase()}`;

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function verified(session: SIWXSession): Promise<boolean> {
  const { chainId, accountAddress } = session.data;
  if (chainId.startsWith('eip155:'))
    return verifyMessage({
      address: accountAddress as `0x${string}`,
      message: session.message,
      signature: session.signature as `0x${string}`,
    });
  if (chainId.startsWith('solana:')) {
    const signature = base58Decode(session.signature);
    const key = base58Decode(accountAddress);
    return !!signature && !!key && ed25519.verify(signature, new TextEncoder().encode(session.message), key);
  }
  return false;
}

export function createMemorySiwx(
  options: { required?: boolean; statement?: string; sessions?: Map<string, SIWXSession> } = {},
): MemorySiwx {
  const issued = new Set<string>();
  const siwx: MemorySiwx = {
    sessions: options.sessions ?? new Map(),
    calls: [],
    required: options.required ?? false,
    failGetSessions: undefined,
    revokeDelayMs: 0,
    async createMessage({ accountAddress, chainId }) {
      siwx.calls.push(`createMessage ${chainId} ${accountAddress}`);
      const [namespace = '', chainReference = ''] = chainId.split(':');
      const fields = {
        domain: globalThis.location?.host || 'localhost',
        uri: globalThis.location?.href ?? 'http://localhost/',
        version: '1' as const,
        nonce: randomNonce(),
        issuedAt: new Date().toISOString(),
        expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
        ...(options.statement ? { statement: options.statement } : {}),
      };
      issued.add(fields.nonce);
      const text = formatCaip122({ ...fields, namespace, chainReference, address: accountAddress });
      const message: SIWXMessage = { ...fields, accountAddress, chainId, toString: () => text };
      return message;
    },
    async addSession(session) {
      const { chainId, accountAddress, nonce } = session.data;
      siwx.calls.push(`addSession ${chainId} ${accountAddress}`);
      const parsed = parseCaip122(session.message);
      if (parsed.nonce !== nonce || `${parsed.namespace}:${parsed.chainReference}` !== chainId)
        throw new Error('Message does not match its data');
      if (!issued.delete(nonce)) throw new Error('Unknown or used nonce');
      if (!(await verified(session))) throw new Error('Invalid signature');
      siwx.sessions.set(key(chainId, accountAddress), session);
    },
    async revokeSession(chainId: SiwxChainId, address: string) {
      siwx.calls.push(`revokeSession ${chainId} ${address}`);
      await new Promise((r) => setTimeout(r, siwx.revokeDelayMs));
      siwx.sessions.delete(key(chainId, address));
    },
    async setSessions(sessions) {
      siwx.sessions.clear();
      for (const s of sessions) siwx.sessions.set(key(s.data.chainId, s.data.accountAddress), s);
    },
    async getSessions(chainId, address) {
      siwx.calls.push(`getSessions ${chainId} ${address}`);
      if (siwx.failGetSessions) throw siwx.failGetSessions;
      const session = siwx.sessions.get(key(chainId, address));
      const expiry = session?.data.expirationTime;
      return session && (!expiry || Date.parse(expiry) > Date.now()) ? [session] : [];
    },
    getRequired: () => siwx.required,
  };
  return siwx;
}
