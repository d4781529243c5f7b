/**
 * The local SVM's websocket (a node's PubSub): signatureSubscribe and accountSubscribe with the
 * notifications `Connection` expects, and their unsubscribes. A signature subscription ends
 * with its one notification (sent at once when the transaction has landed already); an
 * account one notifies whenever a transaction that could write the account lands. Bounded:
 * message size, sockets, and subscriptions per socket.
 */
import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { SvmChain } from './chain.js';
import { dispatch, type Handler } from './dispatch.js';
import { invalidParams } from './errors.js';
import type { TxRecord } from './history.js';
import { encodeAccount } from './methods-accounts.js';
import { checkCommon, config, oneOf, pubkey, signature, uint, type Params } from './params.js';

export const WS_MESSAGE_MAX = 64 * 1024;
export const SOCKETS_MAX = 256;
export const SUBSCRIPTIONS_PER_SOCKET_MAX = 256;

type Subscription =
  | { kind: 'signature'; signature: string }
  | { kind: 'account'; address: string; encoding: 'base58' | 'base64' | 'jsonParsed'; cfg: Record<string, unknown> };

const EMPTY_ACCOUNT = { lamports: 0n, owner: '11111111111111111111111111111111', data: new Uint8Array(), executable: false, rentEpoch: 0n };

export function attachPubSub(server: Server, chain: SvmChain, onError: (err: unknown) => void): WebSocketServer {
  const wss = new WebSocketServer({ server, maxPayload: WS_MESSAGE_MAX });
  // ws re-emits the HTTP server's errors here, where nobody listening makes them uncaught. A port
  // taken while listening is startSvmServer's to handle (it tries another pair, or rejects).
  wss.on('error', (err) => {
    if (server.listening) onError(err);
  });
  const sockets = new Map<WebSocket, Map<number, Subscription>>();
  let nextId = 1;

  const notify = (ws: WebSocket, method: string, subscription: number, result: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ jsonrpc: '2.0', method, params: { result, subscription } }));
  };
  const signatureResult = (record: TxRecord) => ({ context: { slot: record.slot }, value: { err: record.err } });
  const accountResult = (sub: Extract<Subscription, { kind: 'account' }>) => ({
    context: { slot: chain.clock.height() },
    value: encodeAccount(chain, chain.ledger.get(sub.address) ?? EMPTY_ACCOUNT, sub.encoding, sub.cfg),
  });

  const unsubscribe = (subs: Map<number, Subscription>, kind: Subscription['kind']) => (params: Params) => {
    const id = uint(params[0], 'the subscription id', 0);
    if (subs.get(id)?.kind !== kind) throw invalidParams('Invalid subscription id.');
    subs.delete(id);
    return true;
  };

  const methodsFor = (ws: WebSocket, subs: Map<number, Subscription>): Map<string, Handler> => {
    const add = (sub: Subscription) => {
      if (subs.size >= SUBSCRIPTIONS_PER_SOCKET_MAX)
        throw invalidParams(`at most ${SUBSCRIPTIONS_PER_SOCKET_MAX} subscriptions per connection`);
      const id = nextId++;
      subs.set(id, sub);
      return id;
    };
    return new Map<string, Handler>([
      [
        'signatureSubscribe',
        (params) => {
          const sig = signature(params[0], 'the signature');
          checkCommon(config(params[1]), chain.clock.height());
          const id = add({ kind: 'signature', signature: sig });
          const landed = chain.history.get(sig);
          if (landed) {
            subs.delete(id);
            setImmediate(() => notify(ws, 'signatureNotification', id, signatureResult(landed)));
          }
          return id;
        },
      ],
      [
        'accountSubscribe',
        (params) => {
          const address = pubkey(params[0], 'the address').toBase58();
          const cfg = config(params[1]);
          checkCommon(cfg, chain.clock.height());
          const encoding = oneOf(cfg.encoding, 'encoding', ['base58', 'base64', 'jsonParsed'] as const, 'base58');
          return add({ kind: 'account', address, encoding, cfg });
        },
      ],
      ['signatureUnsubscribe', unsubscribe(subs, 'signature')],
      ['accountUnsubscribe', unsubscribe(subs, 'account')],
      // `Connection` pings every few seconds as a notification; it needs no reply.
      ['ping', () => 'pong'],
    ]);
  };

  wss.on('connection', (ws) => {
    if (sockets.size >= SOCKETS_MAX) {
      ws.close(1013, 'too many connections');
      return;
    }
    const subs = new Map<number, Subscription>();
    sockets.set(ws, subs);
    const methods = methodsFor(ws, subs);
    ws.on('message', (data) => {
      const reply = dispatch(data.toString(), methods, onError);
      if (reply !== undefined && ws.readyState === ws.OPEN) ws.send(JSON.stringify(reply));
    });
    ws.on('close', () => sockets.delete(ws));
    ws.on('error', () => ws.terminate());
  });

  chain.onLanded((record, writable) => {
    for (const [ws, subs] of sockets) {
      for (const [id, sub] of subs) {
        if (sub.kind === 'signature' && sub.signature === record.signature) {
          subs.delete(id);
          notify(ws, 'signatureNotification', id, signatureResult(record));
        } else if (sub.kind === 'account' && writable.includes(sub.address)) {
          notify(ws, 'accountNotification', id, accountResult(sub));
        }
      }
    }
  });
  return wss;
}
