/**
 * The scale bench's WebSocket client, as cheap as load generators make theirs (wrk, k6): a raw
 * TCP socket, the RFC 6455 opening handshake written by hand, client frames masked (a random
 * mask per socket, as RFC 6455 asks of every client frame) and built from bytes, and of each
 * frame the relay sends only its header and first HEAD_BYTES read: the rest is skipped, never
 * copied or decoded, and read straight from the socket's reads (not through Readable's 'data'
 * events). What a socket writes in one tick leaves in one write, at the end of the tick. Pings are answered with pongs (the relay terminates a socket that does not).
 * The relay sees what any client sends: masked text frames of JSON-RPC.
 */
import { createHash, randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { Readable } from 'node:stream';

/** Bytes of a frame kept to read it (a push's id, subscription, topic and the message's first bytes fit well within). */
export const HEAD_BYTES = 400;
const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OP_TEXT = 0x1;
const OP_CLOSE = 0x8;
const OP_PING = 0x9;
const OP_PONG = 0xa;

/**
 * A masked client frame of `opcode` carrying `payload` (a Buffer), with `mask` (4 bytes): its
 * header, the mask, the payload XORed with it. `at` is where the payload starts in it.
 */
export function maskedFrame(opcode, payload, mask) {
  const n = payload.length;
  const at = (n < 126 ? 2 : n < 65536 ? 4 : 10) + 4;
  const frame = Buffer.allocUnsafe(at + n);
  frame[0] = 0x80 | opcode;
  if (n < 126) frame[1] = 0x80 | n;
  else if (n < 65536) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  mask.copy(frame, at - 4);
  for (let i = 0; i < n; i++) frame[at + i] = payload[i] ^ mask[i & 3];
  return { frame, at };
}

/**
 * Reads the frames of `chunk` (a socket's bytes, frames split anywhere) into `r`'s state and
 * calls `r.onFrame(opcode, head, headLength, length)` for each complete one: `head` holds its
 * first min(length, HEAD_BYTES) bytes (reused: read it before returning).
 */
export function readFrames(r, chunk) {
  if (r.carry) {
    chunk = Buffer.concat([r.carry, chunk]);
    r.carry = undefined;
  }
  let i = 0;
  const end = chunk.length;
  while (i < end) {
    if (!r.inFrame) {
      if (end - i < 2) break;
      const b1 = chunk[i + 1];
      let length = b1 & 0x7f;
      let h = 2;
      if (length === 126) {
        if (end - i < 4) break;
        length = chunk.readUInt16BE(i + 2);
        h = 4;
      } else if (length === 127) {
        if (end - i < 10) break;
        length = Number(chunk.readBigUInt64BE(i + 2));
        h = 10;
      }
      if (b1 & 0x80) throw new Error('The relay sent a masked frame (RFC 6455: a server never masks)');
      r.opcode = chunk[i] & 0x0f;
      if (!(chunk[i] & 0x80) || r.opcode === 0) throw new Error('The relay sent a fragmented frame: the bench reads whole ones only');
      r.length = r.left = length;
      r.headLength = 0;
      r.inFrame = true;
      i += h;
    }
    const take = Math.min(r.left, end - i);
    const keep = Math.min(HEAD_BYTES - r.headLength, take);
    if (keep > 0) {
      chunk.copy(r.head, r.headLength, i, i + keep);
      r.headLength += keep;
    }
    i += take;
    r.left -= take;
    if (r.left === 0) {
      r.inFrame = false;
      r.onFrame(r.opcode, r.head, r.headLength, r.length);
    }
  }
  if (i < end) r.carry = Buffer.from(chunk.subarray(i));
}

/**
 * Opens a WebSocket to `url` (ws://host:port/path?query) over a raw TCP socket; resolves, once
 * the relay answered 101 with the right Sec-WebSocket-Accept, to
 * { tcp, mask, write(buffer), sendText(string), onText, close() }: set `onText(head, headLength, length)`
 * to read text frames.
 */
export function openRawWebSocket(url) {
  const u = new URL(url);
  const key = randomBytes(16).toString('base64');
  const accept = createHash('sha1')
    .update(key + GUID)
    .digest('base64');
  const tcp = connect({ host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port) });
  tcp.setNoDelay(true);
  const ws = {
    tcp,
    mask: randomBytes(4),
    closed: false,
    onText: () => undefined,
    /** Frames written this tick, sent together when it ends. */
    pending: [],
    /** Writes `buffer` (frames); what is written in one tick leaves in one write. */
    write(buffer) {
      if (ws.pending.length === 0) process.nextTick(flush);
      ws.pending.push(buffer);
    },
    sendText(text) {
      ws.write(maskedFrame(OP_TEXT, Buffer.from(text), ws.mask).frame);
    },
    close() {
      ws.closed = true;
      tcp.destroy();
    },
  };
  // One write per tick, of one buffer (no cork and writev: less of the stream's machinery per frame).
  const flush = () => {
    const { pending } = ws;
    ws.pending = [];
    if (!ws.closed) tcp.write(pending.length === 1 ? pending[0] : Buffer.concat(pending));
  };
  const reader = {
    head: Buffer.allocUnsafe(HEAD_BYTES),
    inFrame: false,
    carry: undefined,
    onFrame(opcode, head, headLength, length) {
      if (opcode === OP_TEXT) return ws.onText(head, headLength, length);
      if (opcode === OP_PING) return ws.write(maskedFrame(OP_PONG, head.subarray(0, headLength), ws.mask).frame);
      if (opcode === OP_CLOSE) ws.closed = true;
    },
  };
  return new Promise((resolve, reject) => {
    let response = Buffer.alloc(0);
    let open = false;
    const fail = (error) => {
      tcp.destroy();
      reject(error);
    };
    tcp.once('error', (error) => (open ? (ws.closed = true) : fail(error)));
    tcp.once('close', () => (open ? (ws.closed = true) : fail(new Error('The relay closed the socket during the handshake'))));
    tcp.on('data', (chunk) => {
      if (open) return readFrames(reader, chunk);
      response = Buffer.concat([response, chunk]);
      const end = response.indexOf('\r\n\r\n');
      if (end < 0) return response.length > 16_384 ? fail(new Error('The handshake answer is too long')) : undefined;
      const lines = response.subarray(0, end).toString('latin1').split('\r\n');
      if (!/^HTTP\/1\.1 101 /.test(lines[0]))
        return fail(new Error(`The relay refused the WebSocket: ${lines[0]} ${response.subarray(end + 4).toString()}`));
      const given = lines
        .find((l) => /^sec-websocket-accept:/i.test(l))
        ?.split(':')[1]
        ?.trim();
      if (given !== accept) return fail(new Error('The relay answered a wrong Sec-WebSocket-Accept'));
      open = true;
      tcp.on('error', () => undefined);
      // From now on the socket's reads go straight to the frame reader: net.Socket hands each read
      // to its own push(), which is given here (Readable's buffering and 'data' events skipped);
      // the end (push(null)) still goes through Readable, so 'end' and 'close' come as usual.
      tcp.push = (bytes) => (bytes === null ? Readable.prototype.push.call(tcp, null) : (readFrames(reader, bytes), true));
      resolve(ws);
      const rest = response.subarray(end + 4);
      response = undefined;
      // The relay says nothing before a request; should it, the frames wait for the caller's onText.
      if (rest.length) setImmediate(() => readFrames(reader, rest));
    });
    tcp.once('connect', () =>
      tcp.write(
        `GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
  });
}
