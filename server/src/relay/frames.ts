/**
 * One WebSocket frame of the relay's JSON-RPC: decodes it, takes a client's answer to an
 * `irn_subscription` as an acknowledgement, runs a request through the method table and sends
 * the reply. Malformed frames are answered with a JSON-RPC error; a socket that sends more
 * than MAX_INVALID_FRAMES of them is closed (1008). A request the full disk refuses is
 * answered `storageFull` with 'The server's disk is full', not as an internal error.
 */
import { DISK_FULL_MESSAGE, isDiskFull, noteDiskFull } from '../db/disk-full.js';
import type { Connection, RelayHub } from './hub.js';
import { runMethod } from './methods.js';
import { RelayRpcError, RPC_ERRORS, type RpcId } from './protocol.js';

/** Invalid frames tolerated on one socket before it is closed. */
export const MAX_INVALID_FRAMES = 20;

export type RelayLog = (entry: Record<string, unknown>) => void;

function replyError(hub: RelayHub, conn: Connection, id: RpcId | null, code: number, message: string): void {
  hub.send(conn, { id, jsonrpc: '2.0', error: { code, message } });
}

function invalidFrame(hub: RelayHub, conn: Connection, id: RpcId | null, code: number, message: string): void {
  replyError(hub, conn, id, code, message);
  if (++conn.invalidFrames > MAX_INVALID_FRAMES) conn.ws.close(1008, 'Too many invalid frames');
}

/**
 * Handles one frame: what needs no storage (an acknowledgement, a malformed frame) at once, and
 * returns undefined; a request returns a promise that settles once its reply is sent (server.ts
 * runs a socket's requests one after the other).
 */
export function handleFrame(hub: RelayHub, conn: Connection, text: string | null, log: RelayLog): Promise<void> | void {
  conn.alive = true;
  if (text === null) return invalidFrame(hub, conn, null, RPC_ERRORS.parse, 'Parse error: binary frames are not supported');
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return invalidFrame(hub, conn, null, RPC_ERRORS.parse, 'Parse error: the frame is not JSON');
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return invalidFrame(hub, conn, null, RPC_ERRORS.invalidRequest, 'Invalid request: expected a JSON-RPC object');
  }
  const msg = payload as Record<string, unknown>;
  const id = typeof msg.id === 'number' || typeof msg.id === 'string' ? msg.id : null;
  if (msg.method === undefined && id !== null && ('result' in msg || 'error' in msg)) {
    // The client's answer to an irn_subscription: `true` acknowledges the message.
    return hub.acknowledge(conn, id, 'result' in msg && msg.error === undefined);
  }
  if (typeof msg.method !== 'string' || id === null) {
    return invalidFrame(hub, conn, id, RPC_ERRORS.invalidRequest, "Invalid request: needs 'id' (number or string) and 'method' (string)");
  }
  return request(hub, conn, id, msg.method, msg.params, log);
}

async function request(hub: RelayHub, conn: Connection, id: RpcId, method: string, params: unknown, log: RelayLog): Promise<void> {
  try {
    const { result, after } = await runMethod(hub, conn, method, params);
    hub.send(conn, { id, jsonrpc: '2.0', result });
    after?.();
  } catch (err) {
    if (err instanceof RelayRpcError) {
      hub.refused(err.code);
      replyError(hub, conn, id, err.code, err.message);
    } else if (isDiskFull(err)) {
      if (hub.storage.sqlite) noteDiskFull(hub.storage.sqlite, err);
      log({ event: 'relay_disk_full', method, clientId: conn.clientId, error: (err as Error).message });
      replyError(hub, conn, id, RPC_ERRORS.storageFull, DISK_FULL_MESSAGE);
    } else {
      log({ event: 'relay_error', method, clientId: conn.clientId, error: (err as Error)?.stack ?? String(err) });
      replyError(hub, conn, id, RPC_ERRORS.internal, 'Internal error');
    }
  }
}
