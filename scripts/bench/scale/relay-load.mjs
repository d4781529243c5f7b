/**
 * The relay load of the scale bench: pairs of sockets on distinct client ids (a fresh Ed25519
 * key and relay-auth JWT each, as sign-client connects), both subscribed to the pair's topic
 * (irn_subscribe), each publishing 1 KB messages to the other (irn_publish) and acknowledging
 * every push (irn_subscription answered `true`), all through the real relay protocol over
 * WebSockets. Each side keeps an ack window: at most `window` messages published and not yet
 * received by its peer. Each client id publishes at most `perClient` messages per second, paced
 * (the relay takes 100 per second per client id). Latency is from the publish to the push, on
 * the generator's clock. The sockets are raw-websocket.mjs's: frames built once and rewritten in
 * place, pushes read from their first bytes, so the generator leaves the cores to the relay.
 */
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { maskedFrame, openRawWebSocket } from './raw-websocket.mjs';

export { HEAD_BYTES } from './raw-websocket.mjs';

// The relay's own package, a dependency of the server workspace (the bench plays the relay's
// clients), resolved from there rather than listed again in the root package.
const serverRequire = createRequire(new URL('../../../server/package.json', import.meta.url));
const { generateKeyPair, signJWT } = serverRequire('@walletconnect/relay-auth');

export const MESSAGE_BYTES = 1024;
/** The relay's per-client publish limit is 100 a second: the saturating load stays just under it. */
export const MAX_PER_CLIENT = 90;
const TICK_MS = 5;

/** A message's send time, ms on the generator's clock with 3 decimals, in a fixed width so a frame's bytes can be rewritten in place. */
const STAMP = 13;
const PADDING = 'x'.repeat(MESSAGE_BYTES);
/** A 1 KB message carrying when it was sent: `000001234.568:xxx…`. */
export function benchMessage(sentAt) {
  const head = `${sentAt.toFixed(3).padStart(STAMP, '0')}:`;
  return head + PADDING.slice(head.length);
}
/** When a bench message was sent. */
export const sentAtOf = (message) => Number(message.slice(0, message.indexOf(':')));

/** A publish's JSON-RPC id, fixed in width (10 digits) so the frame is rewritten in place: the first, and the last + 1. */
const FIRST_PUBLISH_ID = 1_000_000_000;
const PUBLISH_ID_END = 10_000_000_000;

/** `{"jsonrpc":"2.0","method":"irn_publish",…,"id":N}` for `topic`, with where its send time and id are. */
export function publishPayload(topic) {
  const text = `{"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${topic}","message":"${benchMessage(0)}","ttl":300,"tag":1108},"id":${FIRST_PUBLISH_ID}}`;
  return { payload: Buffer.from(text), stampAt: text.indexOf('"message":"') + 11, idAt: text.length - 11 };
}

/** Writes the decimal digits of the integer `value` into `width` bytes of `frame` ending before `end`, masked by `mask` from payload offset `at`. */
function writeDigits(frame, end, width, value, mask, at) {
  for (let k = 1; k <= width; k++) {
    const digit = value % 10;
    value = (value - digit) / 10;
    frame[end - k] = (48 + digit) ^ mask[(end - k - at) & 3];
  }
}

/** Rewrites a publish frame in place: its send time (`now`, ms) and its id. */
export function stampPublish(slot, now, id, mask) {
  const { frame, at, stampAt, idAt } = slot;
  const micros = Math.round(now * 1000);
  const end = at + stampAt + STAMP;
  writeDigits(frame, end, 3, micros % 1000, mask, at);
  writeDigits(frame, end - 4, STAMP - 4, Math.floor(micros / 1000), mask, at);
  writeDigits(frame, at + idAt + 10, 10, id, mask, at);
}

const PUSH_START = Buffer.from('{"id":');
const PUSH_AFTER_ID = Buffer.from(',"jsonrpc":"2.0","method":"irn_subscription","params":{"id":"');
const MESSAGE_KEY = Buffer.from('"message":"');
const RESULT_TRUE = Buffer.from('"result":true}');
const COLON = 58;

/**
 * The generator is cheap so it leaves the cores to the server: a push is read from its first
 * HEAD_BYTES, as bytes (the relay writes `{"id":N,"jsonrpc":"2.0","method":"irn_subscription","params":{"id":"…","data":{"topic":"…","message":"<sent at>:…`),
 * and a frame of another shape is decoded and parsed whole.
 * Resolves a push's head to { idStart, idEnd, sentAt } (its id being head[idStart, idEnd)), or undefined for another frame.
 */
export function readPush(head, headLength) {
  if (headLength < PUSH_START.length + PUSH_AFTER_ID.length || PUSH_START.compare(head, 0, PUSH_START.length) !== 0) return undefined;
  let j = PUSH_START.length;
  while (j < headLength && head[j] >= 48 && head[j] <= 57) j++;
  if (j === PUSH_START.length || j + PUSH_AFTER_ID.length > headLength) return undefined;
  if (PUSH_AFTER_ID.compare(head, j, j + PUSH_AFTER_ID.length) !== 0) return undefined;
  const at = head.indexOf(MESSAGE_KEY, j + PUSH_AFTER_ID.length);
  const k = at + MESSAGE_KEY.length;
  if (at < 0 || k + STAMP >= headLength || head[k + STAMP] !== COLON) return undefined;
  let micros = 0;
  for (let i = k; i < k + STAMP; i++) {
    const b = head[i];
    if (b === 46) continue; // '.'
    if (b < 48 || b > 57) return undefined;
    micros = micros * 10 + (b - 48);
  }
  return { idStart: PUSH_START.length, idEnd: j, sentAt: micros / 1000 };
}

/** Whether a whole frame is a reply that needs nothing done, `{"id":N,"jsonrpc":"2.0","result":true}`. */
const isPlainTrue = (head, length) => length >= RESULT_TRUE.length && RESULT_TRUE.compare(head, length - RESULT_TRUE.length, length) === 0;

const ACK_HEAD = Buffer.from('{"id":');
const ACK_TAIL = Buffer.from(',"jsonrpc":"2.0","result":true}');
/** The masked frame `{"id":<the push's id>,"jsonrpc":"2.0","result":true}`, its id copied from the push's head. */
export function ackFrame(head, idStart, idEnd, mask) {
  const n = ACK_HEAD.length + (idEnd - idStart) + ACK_TAIL.length;
  const frame = Buffer.allocUnsafe(6 + n);
  frame[0] = 0x81;
  frame[1] = 0x80 | n;
  mask.copy(frame, 2);
  let p = 0;
  for (let i = 0; i < ACK_HEAD.length; i++, p++) frame[6 + p] = ACK_HEAD[i] ^ mask[p & 3];
  for (let i = idStart; i < idEnd; i++, p++) frame[6 + p] = head[i] ^ mask[p & 3];
  for (let i = 0; i < ACK_TAIL.length; i++, p++) frame[6 + p] = ACK_TAIL[i] ^ mask[p & 3];
  return frame;
}

/** Sends `text` on the client's socket as a masked text frame; what it sends in one tick leaves in one write. */
export function send(c, text) {
  c.ws.sendText(text);
}

/** Opens one socket and subscribes it to `topic`; resolves to its client record. */
async function openClient(relayUrl, topic) {
  const keys = generateKeyPair();
  const jwt = await signJWT('w3kit-bench', relayUrl, 3600, keys);
  const ws = await openRawWebSocket(`${relayUrl}/?auth=${jwt}&projectId=w3kit-dev&ua=bench`);
  const client = { ws, topic, nextId: FIRST_PUBLISH_ID, seq: 0, ring: [], inFlight: 0, nextAt: 0, peer: undefined, replies: new Map() };
  client.tcp = ws.tcp;
  client.onMessage = (text) => {
    const msg = JSON.parse(text);
    client.replies.get(msg.id)?.(msg);
    client.replies.delete(msg.id);
  };
  ws.onText = (head, headLength, length) => {
    if (length !== headLength) return;
    client.onMessage(head.toString('utf8', 0, headLength));
  };
  const reply = await new Promise((resolve, reject) => {
    const id = client.nextId++;
    const timer = setTimeout(() => reject(new Error('irn_subscribe: no reply within 30 s')), 30_000);
    client.replies.set(id, (msg) => (clearTimeout(timer), resolve(msg)));
    send(client, JSON.stringify({ id, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic } }));
  });
  if (reply.error) throw new Error(`irn_subscribe refused: ${reply.error.message}`);
  return client;
}

/** Opens `pairs` pairs, `batch` sockets at a time; resolves to the clients (peers set). */
export async function openPairs(relayUrl, pairs, batch = 50) {
  const topics = Array.from({ length: pairs }, () => createHash('sha256').update(randomBytes(32)).digest('hex'));
  const clients = [];
  for (let i = 0; i < pairs * 2; i += batch) {
    const slice = Array.from({ length: Math.min(batch, pairs * 2 - i) }, (_, j) => topics[(i + j) >> 1]);
    clients.push(...(await Promise.all(slice.map((t) => openClient(relayUrl, t)))));
  }
  for (let i = 0; i < clients.length; i += 2) [clients[i].peer, clients[i + 1].peer] = [clients[i + 1], clients[i]];
  return clients;
}

export function closeAll(clients) {
  for (const c of clients) c.ws.close();
}

/**
 * The client's publish frames, one per message its window lets it have in flight, each
 * rewritten in place for its next publish: a frame is reused only once the one `window`
 * publishes before it has arrived at the peer (or been refused), that is once the relay has read
 * it, since the relay reads a socket's frames in order.
 */
function ringOf(c, window) {
  if (c.ring.length !== window) {
    const { payload, stampAt, idAt } = publishPayload(c.topic);
    c.ring = Array.from({ length: window }, () => ({ ...maskedFrame(0x1, payload, c.ws.mask), stampAt, idAt }));
  }
  return c.ring;
}

/**
 * Runs the load for a one-second warm-up and `seconds` measured, each client publishing at most
 * `perClient` a second; resolves to { delivered, ms, latencies (ms, of pushes in the measured
 * span), published, errors: { count, first } }.
 */
export async function runRelayLoad(clients, { seconds, window, perClient }) {
  const interval = 1000 / perClient;
  const lat = [];
  let delivered = 0;
  let published = 0;
  const errors = { count: 0, first: undefined };
  const start = performance.now();
  const from = start + 1000;
  const until = from + seconds * 1000;
  let publishing = true;

  const publish = (c, now) => {
    while (publishing && c.inFlight < window && now >= c.nextAt) {
      c.nextAt = Math.max(c.nextAt + interval, now - interval);
      c.inFlight++;
      published++;
      const slot = c.ring[c.seq++ % window];
      if (c.nextId >= PUBLISH_ID_END) c.nextId = FIRST_PUBLISH_ID;
      stampPublish(slot, now, c.nextId++, c.ws.mask);
      c.ws.write(slot.frame);
    }
  };
  for (const c of clients) {
    c.nextAt = start + Math.random() * interval;
    ringOf(c, window);
    c.ws.onText = (head, headLength, length) => {
      const push = readPush(head, headLength);
      if (push) {
        c.ws.write(ackFrame(head, push.idStart, push.idEnd, c.ws.mask));
        const now = performance.now();
        if (now >= from && now < until) {
          delivered++;
          lat.push(now - push.sentAt);
        }
        c.peer.inFlight--;
        publish(c.peer, now);
        return;
      }
      if (length === headLength && isPlainTrue(head, headLength)) return;
      if (length !== headLength) {
        // Neither a push nor a reply: the relay's answers are short.
        errors.count++;
        errors.first ??= `an unexpected frame of ${length} bytes`;
        return;
      }
      const msg = JSON.parse(head.toString('utf8', 0, headLength));
      if (msg.error) {
        // A refused publish: its slot in the window is free again.
        c.inFlight--;
        errors.count++;
        errors.first ??= msg.error.message;
      }
    };
  }
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const now = performance.now();
      if (now >= until) {
        clearInterval(tick);
        return resolve();
      }
      // Only the clients with room and a message due are called (most are not, each tick).
      for (const c of clients) if (c.inFlight < window && now >= c.nextAt) publish(c, now);
    }, TICK_MS);
  });
  publishing = false;
  // What is still in flight arrives (or not) uncounted; give it a moment so the next load starts clean.
  const drainUntil = performance.now() + 3000;
  while (clients.some((c) => c.inFlight > 0) && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
  return { delivered, ms: until - from, latencies: lat, published, errors };
}
