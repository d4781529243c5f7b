/**
 * The relay's JSON-RPC surface: limits, error codes and the checks of each method's params.
 * A bad param throws a RelayRpcError, answered as a JSON-RPC error.
 */

export const RELAY_LIMITS = {
  /** Bytes (UTF-8) of one published message. */
  maxMessageSize: 256 * 1024,
  /** Bytes of one WebSocket frame (a batch of messages); larger frames close the socket (1009). */
  maxFrameSize: 4 * 1024 * 1024,
  /** Topics one client id may be subscribed to. */
  maxSubscriptionsPerClient: 1000,
  /** Subscriptions held from one IP (an IPv6 /64) by all its client ids together. */
  ipSubscriptions: 5000,
  /** Bytes a socket may have waiting to be sent before pushes to it stop until it drains (and its requests wait). */
  socketBufferBytes: 1024 * 1024,
  /** Seconds a socket may stay over `socketBufferBytes` before it is closed (1013). */
  socketStallTimeout: 10,
  /** Pushes (irn_subscription) a socket may have unacknowledged; the rest follow as it acknowledges them. */
  maxUnacknowledgedPushes: 100,
  /** Messages one client id may publish per second (each message of a batch counts). */
  maxPublishesPerSecond: 100,
  /** Entries of one batch call. */
  maxBatchSize: 500,
  /** Bytes (UTF-8) of a topic. */
  maxTopicLength: 256,
  /** Seconds a message is kept at most (30 days); a longer `ttl` is shortened to it. */
  maxTtl: 30 * 24 * 3600,
  /**
   * Seconds a message is kept at most when no other client id subscribes to its topic (at
   * least MIN_UNSUBSCRIBED_TTL): a longer `ttl` is shortened to it, never refused.
   */
  unsubscribedTtl: 300,
  /** Messages published from one IP (an IPv6 /64) per hour. */
  ipMessagesPerHour: 10_000,
  /** Bytes (topic, message and attestation, UTF-8) published from one IP (an IPv6 /64) per hour. */
  ipBytesPerHour: 32 * 1024 * 1024,
  /** Messages published from all IPs together per hour (by default ten times the per-IP quota). */
  globalMessagesPerHour: 100_000,
  /** Bytes published from all IPs together per hour (by default ten times the per-IP quota). */
  globalBytesPerHour: 320 * 1024 * 1024,
  /**
   * Bytes of all unexpired messages stored together; past it the oldest unfetched messages of
   * the heaviest senders (by address) are evicted before a publish is refused.
   */
  maxStoredBytes: 1024 * 1024 * 1024,
  /**
   * Seconds a message no client id has fetched is kept at most (at least MIN_UNSUBSCRIBED_TTL):
   * what nobody picks up within a day does not hold the disk for its whole `ttl`.
   */
  unfetchedTtl: 86_400,
  /** WebSockets open at once from all addresses (lowered to the open-files limit less a reserve, see socket-caps.ts). */
  maxSockets: 10_000,
  /** WebSockets open at once from one IP (an IPv6 /64). */
  maxSocketsPerIp: 256,
  /** WebSockets open at once with one client id (a relay-auth JWT's issuer). */
  maxSocketsPerClient: 16,
  /** Seconds from a relay-auth JWT's `iat` to its `exp` (at least MIN_JWT_LIFETIME, what sign-client asks for). */
  maxJwtLifetime: 86_400,
} as const;

/** The shortest `unsubscribedTtl` (seconds): a pairing proposal lives 5 minutes. */
export const MIN_UNSUBSCRIBED_TTL = 300;
/** The shortest `maxJwtLifetime` (seconds): `@walletconnect/core` signs its JWTs for one day. */
export const MIN_JWT_LIFETIME = 86_400;
/** The largest `tag`: the relay protocol's tag is a u32. */
export const MAX_TAG = 0xffff_ffff;

export type RelayLimits = { -readonly [K in keyof typeof RELAY_LIMITS]: number };

/** Global hourly quotas are this many times the per-IP ones unless set. */
export const GLOBAL_QUOTA_FACTOR = 10;

/**
 * RELAY_LIMITS with `overrides` (the global quotas GLOBAL_QUOTA_FACTOR times the per-IP ones
 * unless set); a RangeError for one that is not a positive integer or below its floor.
 */
export function relayLimits(overrides: Partial<RelayLimits> = {}): RelayLimits {
  const ip = { ...RELAY_LIMITS, ...overrides };
  const limits: RelayLimits = {
    ...ip,
    globalMessagesPerHour: overrides.globalMessagesPerHour ?? ip.ipMessagesPerHour * GLOBAL_QUOTA_FACTOR,
    globalBytesPerHour: overrides.globalBytesPerHour ?? ip.ipBytesPerHour * GLOBAL_QUOTA_FACTOR,
  };
  const floors: Partial<Record<keyof RelayLimits, number>> = {
    unsubscribedTtl: MIN_UNSUBSCRIBED_TTL,
    unfetchedTtl: MIN_UNSUBSCRIBED_TTL,
    maxJwtLifetime: MIN_JWT_LIFETIME,
  };
  for (const [key, value] of Object.entries(limits) as [keyof RelayLimits, number][]) {
    const floor = floors[key] ?? 1;
    if (!Number.isSafeInteger(value) || value < floor)
      throw new RangeError(`Relay limit ${key} must be an integer of at least ${floor}, got ${value}`);
  }
  return limits;
}

export const RPC_ERRORS = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  messageTooLarge: -32013,
  tooManySubscriptions: -32014,
  rateLimited: -32029,
  storageFull: -32030,
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

/** Bytes of `text` in UTF-8, what every size limit and quota counts. */
export const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** Bytes a published message takes: its topic, message and attestation in UTF-8 (as the store counts them). */
export function publishedBytes(p: { topic: string; message: string; attestation?: string | undefined }): number {
  return utf8Bytes(p.topic) + utf8Bytes(p.message) + (p.attestation === undefined ? 0 : utf8Bytes(p.attestation));
}

export function topicOf(value: unknown, name: string, limits: RelayLimits): string {
  if (typeof value !== 'string' || value.length === 0) throw invalid(`'${name}' must be a non-empty string`);
  if (utf8Bytes(value) > limits.maxTopicLength) throw invalid(`'${name}' is longer than ${limits.maxTopicLength} bytes`);
  return value;
}

function list(value: unknown, name: string, limits: RelayLimits): unknown[] {
  if (!Array.isArray(value) || value.length === 0) throw invalid(`'${name}' must be a non-empty array`);
  if (value.length > limits.maxBatchSize) throw invalid(`'${name}' has more than ${limits.maxBatchSize} entries`);
  return value;
}

function messageOf(value: unknown, name: string, limits: RelayLimits): string {
  if (typeof value !== 'string' || value.length === 0) throw invalid(`'${name}' must be a non-empty string`);
  // A UTF-8 character takes up to 4 bytes, so only long strings need counting.
  if (value.length * 3 > limits.maxMessageSize && utf8Bytes(value) > limits.maxMessageSize) {
    throw new RelayRpcError(RPC_ERRORS.messageTooLarge, `'${name}' is larger than ${limits.maxMessageSize} bytes (UTF-8)`);
  }
  return value;
}

/** A positive integer number of seconds; one past `maxTtl` is shortened to it. */
function ttlOf(value: unknown, name: string, limits: RelayLimits): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw invalid(`'${name}' must be a positive integer number of seconds`);
  }
  return Math.min(value, limits.maxTtl);
}

/** The relay protocol's tag: an integer from 0 to MAX_TAG (a u32); missing is 0. */
function tagOf(value: unknown, name: string): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_TAG) {
    throw invalid(`'${name}' must be an integer from 0 to ${MAX_TAG}`);
  }
  return value;
}

/** An attestation of at most 4096 bytes, else none. */
function attestationOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 4096 && utf8Bytes(value) <= 4096 ? value : undefined;
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
