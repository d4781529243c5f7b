/**
 * The relay's JSON-RPC surface: limits, error codes and the checks of each method's params.
 * A bad param throws a RelayRpcError, answered as a JSON-RPC error.
 */

export const RELAY_LIMITS = {
  /** Characters of one published message. */
  maxMessageSize: 256 * 1024,
  /** Bytes of one WebSocket frame (a batch of messages); larger frames close the socket (1009). */
  maxFrameSize: 4 * 1024 * 1024,
  /** Topics one client id may be subscribed to. */
  maxSubscriptionsPerClient: 1000,
  /** Messages one client id may publish per second (each message of a batch counts). */
  maxPublishesPerSecond: 100,
  /** Entries of one batch call. */
  maxBatchSize: 500,
  /** Characters of a topic. */
  maxTopicLength: 256,
  /** Seconds a message is kept at most (30 days). */
  maxTtl: 30 * 24 * 3600,
} as const;

export type RelayLimits = { -readonly [K in keyof typeof RELAY_LIMITS]: number };

export const RPC_ERRORS = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  messageTooLarge: -32013,
  tooManySubscriptions: -32014,
  rateLimited: -32029,
} as const;

export class RelayRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export type RpcId = string | number;

export interface PublishParams {
  topic: string;
  message: string;
  ttl: number;
  tag: number;
  attestation?: string;
}

const invalid = (message: string) => new RelayRpcError(RPC_ERRORS.invalidParams, message);

function record(value: unknown, name = 'params'): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`'${name}' must be an object`);
  return value as Record<string, unknown>;
}

export function topicOf(value: unknown, name: string, limits: RelayLimits): string {
  if (typeof value !== 'string' || value.length === 0) throw invalid(`'${name}' must be a non-empty string`);
  if (value.length > limits.maxTopicLength) throw invalid(`'${name}' is longer than ${limits.maxTopicLength} characters`);
  return value;
}

function list(value: unknown, name: string, limits: RelayLimits): unknown[] {
  if (!Array.isArray(value) || value.length === 0) throw invalid(`'${name}' must be a non-empty array`);
  if (value.length > limits.maxBatchSize) throw invalid(`'${name}' has more than ${limits.maxBatchSize} entries`);
  return value;
}

function messageOf(value: unknown, name: string, limits: RelayLimits): string {
  if (typeof value !== 'string' || value.length === 0) throw invalid(`'${name}' must be a non-empty string`);
  if (value.length > limits.maxMessageSize) {
    throw new RelayRpcError(RPC_ERRORS.messageTooLarge, `'${name}' is larger than ${limits.maxMessageSize} characters`);
  }
  return value;
}

function ttlOf(value: unknown, name: string, limits: RelayLimits): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > limits.maxTtl) {
    throw invalid(`'${name}' must be an integer number of seconds from 1 to ${limits.maxTtl}`);
  }
  return value;
}

function tagOf(value: unknown, name: string): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw invalid(`'${name}' must be an integer of at least 0`);
  return value;
}

function attestationOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 4096 ? value : undefined;
}

export function parsePublish(value: unknown, limits: RelayLimits, name = 'params'): PublishParams {
  const p = record(value, name);
  return {
    topic: topicOf(p.topic, `${name}.topic`, limits),
    message: messageOf(p.message, `${name}.message`, limits),
    ttl: ttlOf(p.ttl, `${name}.ttl`, limits),
    tag: tagOf(p.tag, `${name}.tag`),
    attestation: attestationOf(p.attestation),
  };
}

export function parseBatchPublish(value: unknown, limits: RelayLimits): PublishParams[] {
  return list(record(value).messages, 'params.messages', limits).map((m, i) => parsePublish(m, limits, `params.messages[${i}]`));
}

export function parseTopic(value: unknown, limits: RelayLimits): string {
  return topicOf(record(value).topic, 'params.topic', limits);
}

export function parseTopics(value: unknown, limits: RelayLimits): string[] {
  return list(record(value).topics, 'params.topics', limits).map((t, i) => topicOf(t, `params.topics[${i}]`, limits));
}

export function parseBatchUnsubscribe(value: unknown, limits: RelayLimits): string[] {
  return list(record(value).subscriptions, 'params.subscriptions', limits).map((s, i) =>
    topicOf(record(s, `params.subscriptions[${i}]`).topic, `params.subscriptions[${i}].topic`, limits),
  );
}

/** `wc_proposeSession`: the proposal goes to the pairing topic (tag 1100). */
export function parseProposeSession(value: unknown, limits: RelayLimits): PublishParams {
  const p = record(value);
  return {
    topic: topicOf(p.pairingTopic, 'params.pairingTopic', limits),
    message: messageOf(p.sessionProposal, 'params.sessionProposal', limits),
    ttl: ttlOf(p.ttl ?? 300, 'params.ttl', limits),
    tag: 1100,
    attestation: attestationOf(p.attestation),
  };
}

/** `wc_approveSession`: the response to the pairing topic (1101), the settle request to the session topic (1102). */
export function parseApproveSession(value: unknown, limits: RelayLimits): { response: PublishParams; settle: PublishParams } {
  const p = record(value);
  const ttl = ttlOf(p.ttl ?? 300, 'params.ttl', limits);
  return {
    response: {
      topic: topicOf(p.pairingTopic, 'params.pairingTopic', limits),
      message: messageOf(p.sessionProposalResponse, 'params.sessionProposalResponse', limits),
      ttl,
      tag: 1101,
    },
    settle: {
      topic: topicOf(p.sessionTopic, 'params.sessionTopic', limits),
      message: messageOf(p.sessionSettlementRequest, 'params.sessionSettlementRequest', limits),
      ttl,
      tag: 1102,
    },
  };
}
