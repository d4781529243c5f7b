/**
 * A raw relay client for the relay's tests: JSON-RPC requests over a WebSocket authenticated
 * with a real relay-auth JWT, and the irn_subscription pushes it got (acknowledged unless told
 * not to).
 */
import { createHash } from 'node:crypto';
import { encodeIss, generateKeyPair, signJWT, type Keypair } from '@walletconnect/relay-auth';
import WebSocket from 'ws';
import { sleep } from './helpers.js';

export const nowSeconds = () => Math.floor(Date.now() / 1000);
/** A relay-auth JWT for `aud`, as sign-client signs one (it asks for a one-day lifetime). */
export const signAuth = (aud: string, keys: Keypair, ttl = 3600, iat = nowSeconds()) => signJWT('w3kit-test', aud, ttl, keys, iat);
export const topic = (name: string) => createHash('sha256').update(name).digest('hex');
export const subId = (t: string, clientId: string) =>
  createHash('sha256')
    .update(t + clientId)
    .digest('hex');

/** The JSON-RPC error code a call failed with (undefined when it succeeded). */
export const errorCode = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: { code?: number }) => err.code,
  );

export interface Push {
  id: number;
  params: { id: string; data: { topic: string; message: string; publishedAt: number; tag: number } };
}

export interface PeerOptions {
  ack?: boolean;
  autoPong?: boolean;
  /** The local address to connect from (127.0.0.2 is another IP on loopback). */
  localAddress?: string;
  /** The JWT's lifetime in seconds (default 3600). */
  ttl?: number;
  /** Extra upgrade request headers (X-Forwarded-For, as a reverse proxy would add). */
  headers?: Record<string, string>;
}

export class Peer {
  readonly pushes: Push[] = [];
  readonly frames: Record<string, unknown>[] = [];
  private nextId = 1;
  private readonly waiting = new Map<number, (reply: Record<string, unknown>) => void>();

  private constructor(
    readonly ws: WebSocket,
    readonly keys: Keypair,
    readonly ack: boolean,
  ) {
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as Record<string, unknown>;
      this.frames.push(msg);
      if (msg.method === 'irn_subscription') {
        this.pushes.push(msg as unknown as Push);
        if (this.ack) ws.send(JSON.stringify({ id: msg.id, jsonrpc: '2.0', result: true }));
      } else if (typeof msg.id === 'number') {
        this.waiting.get(msg.id)?.(msg);
      }
    });
  }

  get clientId(): string {
    return encodeIss(this.keys.publicKey);
  }

  /** Connects to the relay at `url` with a JWT for that URL. */
  static async open(url: string, keys: Keypair = generateKeyPair(), options: PeerOptions = {}): Promise<Peer> {
    const ws = new WebSocket(`${url}/?auth=${await signAuth(url, keys, options.ttl)}&projectId=w3kit-test&ua=test`, {
      autoPong: options.autoPong ?? true,
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new Peer(ws, keys, options.ack ?? true);
  }

  /** Sends a request; resolves to the whole JSON-RPC reply. */
  call(method: string, params: unknown): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${method}: no reply`)), 5000);
      this.waiting.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      this.ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
    });
  }

  /** Sends a request; resolves to its result, throws on a JSON-RPC error. */
  async result<T = unknown>(method: string, params: unknown): Promise<T> {
    const reply = await this.call(method, params);
    if (reply.error) throw Object.assign(new Error((reply.error as { message: string }).message), reply.error);
    return reply.result as T;
  }

  async waitForPushes(n: number, ms = 3000): Promise<Push[]> {
    const end = Date.now() + ms;
    while (this.pushes.length < n && Date.now() < end) await sleep(10);
    return this.pushes;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}
