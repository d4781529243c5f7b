/**
 * Ending a smart-account session on chain: its revoke is a user operation the Safe's owner signed
 * (Roles.assignRoles(member, [role], [false]) and the allowances emptied, from the Safe, on a
 * nonce key of its own so the Safe's other operations never make it stale). The wallet
 * registers it at grant signed with validAfter = the expiry; the sweeper submits it once the
 * expiry has passed. A revoke before the expiry carries the owner's signature of the same
 * operation with no validAfter (POST /v1/sessions/{address}/revoke). Either way the EntryPoint
 * checks the signature: the backend holds nothing that could do more than end the session.
 *
 * Ending is claimed first (active → ending, one statement), so of several instances or requests
 * only one submits; a failed submission hands it back. The sweeper runs on every instance; the
 * claim is its lease.
 */
import { ENTRY_POINT_V07 } from '../aa/constants.js';
import type { AaService } from '../aa/service.js';
import type { SmartSessions, SmartSessionRecord } from '../storage/smart-sessions.js';

/** How long a submitted revoke may take to land. */
export const REVOKE_RECEIPT_MS = 30_000;
/** Sessions one sweep ends at most. */
const SWEEP_BATCH = 20;

/** Why a revoke could not land, in words. */
export class RevokeError extends Error {
  override name = 'RevokeError';
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(REVOKE_RECEIPT_MS),
  });
  const reply = (await response.json()) as { result?: unknown; error?: { message?: string } };
  if (reply.error) throw new RevokeError(`the bundler refused the revoke: ${String(reply.error.message ?? 'no reason').slice(0, 500)}`);
  return reply.result;
}

/** Submits `op` (with `signature` when given) through the chain's bundler and waits for it to land. */
export async function submitRevoke(aa: AaService, op: Record<string, unknown>, signature?: string): Promise<void> {
  const chain = await aa.chain();
  if (!chain?.bundlerUrl) throw new RevokeError('this server has no bundler for its chain (--bundler-url)');
  const hash = await rpc(chain.bundlerUrl, 'eth_sendUserOperation', [{ ...op, ...(signature ? { signature } : {}) }, ENTRY_POINT_V07]);
  const until = Date.now() + REVOKE_RECEIPT_MS;
  while (Date.now() < until) {
    const receipt = (await rpc(chain.bundlerUrl, 'eth_getUserOperationReceipt', [hash])) as { success?: boolean } | null;
    if (receipt) {
      if (receipt.success !== true) throw new RevokeError('the revoke reverted on chain');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new RevokeError(`the revoke did not land within ${REVOKE_RECEIPT_MS / 1000} s`);
}

/** Ends `session` by its stored or a given signature; false when another request or instance is ending it. */
export async function endSession(
  aa: AaService,
  sessions: SmartSessions,
  session: SmartSessionRecord,
  status: 'revoked' | 'expired',
  signature?: string,
): Promise<boolean> {
  if (!(await sessions.claim(session.pci))) return false;
  try {
    await submitRevoke(aa, session.revokeOp, signature);
  } catch (err) {
    await sessions.release(session.pci);
    throw err;
  }
  await sessions.settle(session.pci, status, Date.now());
  return true;
}

/** One sweep: ends the sessions whose expiry has passed; resolves to the pcis it ended. */
export async function sweepExpiredSessions(aa: AaService, sessions: SmartSessions, now = Date.now()): Promise<string[]> {
  const ended: string[] = [];
  for (const session of await sessions.due(Math.floor(now / 1000), SWEEP_BATCH)) {
    try {
      if (await endSession(aa, sessions, session, 'expired')) ended.push(session.pci);
    } catch {
      // Handed back: the next sweep tries again.
    }
  }
  return ended;
}
