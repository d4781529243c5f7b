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

export type RelayMethod = (hub: RelayHub, conn: Connection, params: unknown) => MethodResult;

export const RELAY_METHODS: Readonly<Record<string, RelayMethod>> = {
  irn_publish(hub, conn, params) {
    const p = parsePublish(params, hub.limits);
    hub.admit(conn, [p]);
    hub.publish(conn, p);
    return { result: true };
  },
  irn_batchPublish(hub, conn, params) {
    const list = parseBatchPublish(params, hub.limits);
    hub.admit(conn, list);
    hub.publish(conn, ...list);
    return { result: true };
  },
  irn_subscribe(hub, conn, params) {
    const topic = parseTopic(params, hub.limits);
    const [id] = hub.subscribe(conn, [topic]);
    return { result: id, after: () => hub.flush(conn, [topic]) };
  },
  irn_batchSubscribe(hub, conn, params) {
    const topics = parseTopics(params, hub.limits);
    return { result: hub.subscribe(conn, topics), after: () => hub.flush(conn, topics) };
  },
  irn_unsubscribe(hub, { clientId }, params) {
    hub.unsubscribe(clientId, [parseTopic(params, hub.limits)]);
    return { result: true };
  },
  irn_batchUnsubscribe(hub, { clientId }, params) {
    hub.unsubscribe(clientId, parseBatchUnsubscribe(params, hub.limits));
    return { result: true };
  },
  irn_fetchMessages(hub, conn, params) {
    return { result: hub.fetchMessages(conn, [parseTopic(params, hub.limits)]) };
  },
  irn_batchFetchMessages(hub, conn, params) {
    return { result: hub.fetchMessages(conn, parseTopics(params, hub.limits)) };
  },
  /** The proposal goes to the pairing topic, which the proposer is subscribed to. */
  wc_proposeSession(hub, conn, params) {
    const p = parseProposeSession(params, hub.limits);
    hub.admit(conn, [p]);
    hub.subscribe(conn, [p.topic]);
    hub.publish(conn, p);
    return { result: true };
  },
  /** The response goes to the pairing topic, the settle request to the session topic, which the wallet is subscribed to. */
  wc_approveSession(hub, conn, params) {
    const { response, settle } = parseApproveSession(params, hub.limits);
    hub.admit(conn, [response, settle]);
    hub.subscribe(conn, [settle.topic]);
    hub.publish(conn, response, settle);
    return { result: true };
  },
};

/** Runs one request through the table; an unknown method is a RelayRpcError (method not found). */
export function runMethod(hub: RelayHub, conn: Connection, method: string, params: unknown): MethodResult {
  const run = Object.hasOwn(RELAY_METHODS, method) ? RELAY_METHODS[method] : undefined;
  if (!run) throw new RelayRpcError(RPC_ERRORS.methodNotFound, `Unknown method '${method}'`);
  return run(hub, conn, params);
}
