/**
 * The relay load of the scale bench: pairs of sockets on distinct client ids (a fresh Ed25519
 * key and relay-auth JWT each, as sign-client connects), both subscribed to the pair's topic
 * (irn_subscribe), each publishing 1 KB messages to the other (irn_publish) and acknowledging
 * every push (irn_subscription answered `true`), all through the real relay protocol over
 * WebSockets. Each side keeps an ack window: at most `window` messages published and not yet
 * received by its peer. Each client id publishes at most `perClient` messages per second, paced
 * (the relay takes 100 per second per client id). Latency is from the publish to the push, on
 * the generator's clock.
 */
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';

// The relay's own packages, dependencies of the server workspace (the bench plays the relay's
// clients), resolved from there rather than listed again in the root package.
const serverRequire = createRequire(new URL('../../../server/package.json', import.meta.url));
const { generateKeyPair, signJWT } = serverRequire('@walletconnect/relay-auth');
const WebSocket = serverRequire('ws');

export const MESSAGE_BYTES = 1024;
/** The relay's per-client publish limit is 100 a second: the saturating load stays just under it. */
export const MAX_PER_CLIENT = 90;
const TICK_MS = 5;

const PADDING = 'x'.repeat(MESSAGE_BYTES);
/** A 1 KB message carrying when it was sent. */
export function benchMessage(sentAt) {
  const head = `${sentAt.toFixed(3)}:`;
  return head + PADDING.slice(head.length);
}
/** When a bench message was sent. */
export const sentAtOf = (message) => Number(message.slice(0, message.indexOf(':')));

/**
 * The generator is cheap so it leaves the cores to the server: a push is read without parsing
 * its JSON (the relay writes `{"id":N,...,"method":"irn_subscription",...,"message":"<sent at>:..."`),
 * and only its first HEAD_BYTES are decoded (`text` may be that head); a publish's `true` needs
 * no work, and a frame of another shape is decoded and parsed whole.
 * Resolves a push to { id, sentAt }, or undefined for another frame.
 */
const PUSH = '"method":"irn_subscription"';
const MESSAGE_KEY = '"message":"';
export function readPush(text) {
  if (!text.startsWith('{"id":') || !text.includes(PUSH)) return undefined;
  const id = text.slice(6, text.indexOf(',', 6));
  const at = text.indexOf(MESSAGE_KEY) + MESSAGE_KEY.length;
  const sentAt = Number(text.slice(at, text.indexOf(':', at)));
  if (!/^\d+$/.test(id) || !Number.isFinite(sentAt)) return undefined;
  return { id, sentAt };
}
/** A publish's reply that needs nothing done: `{"id":N,"jsonrpc":"2.0","result":true}`. */
const isPlainTrue = (text) => text.endsWith('"result":true}') && !text.includes('"error"');

/** Bytes of a frame decoded to read a push: its id, subscription id, topic and the message's send time fit well within. */
export const HEAD_BYTES = 400;
/** What the generator's sockets need of `ws`: no compression, no UTF-8 check of what they read (only a head is read), no masking (a zero mask is sent as it is). */
export const CLIENT_OPTIONS = { perMessageDeflate: false, skipUTF8Validation: true, generateMask: (mask) => mask.fill(0) };
/** A frame's text: whole when short, else its head (enough for readPush), `whole` forcing it. */
const textOf = (data, whole = false) => (whole || data.length <= HEAD_BYTES ? data.toString() : data.latin1Slice(0, HEAD_BYTES));

/** Sends `text` on the client's socket; what it sends in one tick leaves in one write (fewer syscalls on the shared cores). */
export function send(c, text) {
  if (!c.corked) {
    c.corked = true;
    c.tcp.cork();
    process.nextTick(c.uncork);
  }
  c.ws.send(text);
}

/** Opens one socket and subscribes it to `topic`; resolves to its client record. */
async function openClient(relayUrl, topic) {
  const keys = generateKeyPair();
  const jwt = await signJWT('w3kit-bench', relayUrl, 3600, keys);
  const ws = new WebSocket(`${relayUrl}/?auth=${jwt}&projectId=w3kit-dev&ua=bench`, CLIENT_OPTIONS);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  // The frame of a publish, but for its id and message: built once per client.
  const head = `{"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${topic}","message":"`;
  const client = { ws, topic, head, nextId: 1, inFlight: 0, nextAt: 0, peer: undefined, replies: new Map(), corked: false };
  client.tcp = ws._socket;
  client.uncork = () => {
    client.corked = false;
    client.tcp.uncork();
  };
  ws.on('message', (data) => client.onMessage?.(data));
  client.onMessage = (data) => {
    const msg = JSON.parse(textOf(data, true));
    client.replies.get(msg.id)?.(msg);
    client.replies.delete(msg.id);
  };
  const reply = await new Promise((resolve, reject) => {
    const id = client.nextId++;
    const timer = setTimeout(() => reject(new Error('irn_subscribe: no reply within 30 s')), 30_000);
    client.replies.set(id, (msg) => (clearTimeout(timer), resolve(msg)));
    ws.send(JSON.stringify({ id, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic } }));
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
  for (const c of clients) c.ws.terminate();
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
      // The topic is hex and the message digits, '.', ':' and 'x': no JSON escaping needed.
      send(c, `${c.head}${benchMessage(now)}","ttl":300,"tag":1108},"id":${c.nextId++}}`);
    }
  };
  for (const c of clients) {
    c.nextAt = start + Math.random() * interval;
    c.onMessage = (data) => {
      const text = textOf(data);
      const push = readPush(text);
      if (push) {
        send(c, `{"id":${push.id},"jsonrpc":"2.0","result":true}`);
        const now = performance.now();
        if (now >= from && now < until) {
          delivered++;
          lat.push(now - push.sentAt);
        }
        c.peer.inFlight--;
        publish(c.peer, now);
        return;
      }
      if (data.length <= HEAD_BYTES && isPlainTrue(text)) return;
      const msg = JSON.parse(textOf(data, true));
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
      for (const c of clients) publish(c, now);
    }, TICK_MS);
  });
  publishing = false;
  // What is still in flight arrives (or not) uncounted; give it a moment so the next load starts clean.
  const drainUntil = performance.now() + 3000;
  while (clients.some((c) => c.inFlight > 0) && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
  return { delivered, ms: until - from, latencies: lat, published, errors };
}
