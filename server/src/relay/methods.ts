/**
 * The relay's JSON-RPC methods, one entry per method: each checks its params (protocol.ts),
 * acts through the hub and returns the result, plus what to do once the result is sent
 * (subscribing flushes the topic's pending messages after the subscription id is answered).
 */
import type { Connection, RelayHub } from './hub.js';
import {
  parseApproveSession,
  parseBatchPublish,
  parseBatchUnsubscribe,
  parseProposeSession,
  parsePublish,
  parseTopic,
  parseTopics,
  RelayRpcError,
  RPC_ERRORS,
} from './protocol.js';

export interface MethodResult {
  result: unknown;
  /** Runs after the result has been sent. */
  after?: () => void;
}

export type RelayMethod = (hub: RelayHub, conn: Connection, params: unknown) => Promise<MethodResult>;

export const RELAY_METHODS: Readonly<Record<string, RelayMethod>> = {
  async irn_publish(hub, conn, params) {
    const p = parsePublish(params, hub.limits);
    await hub.admit(conn, [p]);
    await hub.publish(conn, p);
    return { result: true };
  },
  async irn_batchPublish(hub, conn, params) {
    const list = parseBatchPublish(params, hub.limits);
    await hub.admit(conn, list);
    await hub.publish(conn, ...list);
    return { result: true };
  },
  async irn_subscribe(hub, conn, params) {
    const topic = parseTopic(params, hub.limits);
    const [id] = await hub.subscribe(conn, [topic]);
    return { result: id, after: () => hub.flush(conn, [topic]) };
  },
  async irn_batchSubscribe(hub, conn, params) {
    const topics = parseTopics(params, hub.limits);
    return { result: await hub.subscribe(conn, topics), after: () => hub.flush(conn, topics) };
  },
  async irn_unsubscribe(hub, { clientId }, params) {
    await hub.unsubscribe(clientId, [parseTopic(params, hub.limits)]);
    return { result: true };
  },
  async irn_batchUnsubscribe(hub, { clientId }, params) {
    await hub.unsubscribe(clientId, parseBatchUnsubscribe(params, hub.limits));
    return { result: true };
  },
  async irn_fetchMessages(hub, conn, params) {
    return { result: await hub.fetchMessages(conn, [parseTopic(params, hub.limits)]) };
  },
  async irn_batchFetchMessages(hub, conn, params) {
    return { result: await hub.fetchMessages(conn, parseTopics(params, hub.limits)) };
  },
  /** The proposal goes to the pairing topic, which the proposer is subscribed to. */
  async wc_proposeSession(hub, conn, params) {
    const p = parseProposeSession(params, hub.limits);
    await hub.admit(conn, [p]);
    await hub.subscribe(conn, [p.topic]);
    await hub.publish(conn, p);
    return { result: true };
  },
  /** The response goes to the pairing topic, the settle request to the session topic, which the wallet is subscribed to. */
  async wc_approveSession(hub, conn, params) {
    const { response, settle } = parseApproveSession(params, hub.limits);
    await hub.admit(conn, [response, settle]);
    await hub.subscribe(conn, [settle.topic]);
    await hub.publish(conn, response, settle);
    return { result: true };
  },
};

/** Runs one request through the table; an unknown method is a RelayRpcError (method not found). */
export function runMethod(hub: RelayHub, conn: Connection, method: string, params: unknown): Promise<MethodResult> {
  const run = Object.hasOwn(RELAY_METHODS, method) ? RELAY_METHODS[method] : undefined;
  // A rejected promise, as an async function would give (no promise of its own otherwise).
  if (!run) return Promise.reject(new RelayRpcError(RPC_ERRORS.methodNotFound, `Unknown method '${method}'`));
  return run(hub, conn, params);
}
