/**
 * `startSvmServer`: the local Solana chain (SvmChain over litesvm) behind a node's JSON-RPC on
 * HTTP (port N) and its websocket PubSub (port N + 1), as `new Connection(url)` expects. Port 0
 * picks free ports, adjacent when it can. With `dataDir` the state is saved there and restored
 * at the next start; without, it lives in memory.
 */
import { createServer, type Server } from 'node:http';
import { SvmChain } from './chain.js';
import type { Handler } from './dispatch.js';
import { rpcHttpServer } from './http.js';
import { accountMethods } from './methods-accounts.js';
import { transactionMethods } from './methods-transactions.js';
import { readState, stateSaver } from './state-file.js';
import { attachPubSub } from './ws.js';
import { closeServer, listenOn } from '../http/dev-server.js';
import { LOCAL_SVM_GENESIS_HASH } from '../../../src/wire/networks.js';

export const DEFAULT_SVM_PORT = 8899;
const HOST = '127.0.0.1';
const ADJACENT_TRIES = 10;

export interface StartSvmOptions {
  /** JSON-RPC port; the websocket listens on port + 1. Default 8899; 0 picks free ports. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Directory the state is saved in (`svm-state.json`); without one the chain lives in memory. */
  dataDir?: string;
  /** Transactions kept in the signature history; default 10,000. */
  historyLimit?: number;
  /** Where unexpected errors of a request go (they answer -32603); default stderr. */
  onError?: (err: unknown) => void;
}

export interface RunningSvm {
  /** `http://127.0.0.1:8899` */
  url: string;
  /** `ws://127.0.0.1:8900` */
  wsUrl: string;
  port: number;
  wsPort: number;
  chain: SvmChain;
  /** Stops both servers (closing open sockets) and saves the state when there is a data directory. */
  close(): Promise<void>;
}

async function listenPair(http: Server, ws: Server, port: number, host: string): Promise<[number, number]> {
  if (port !== 0) {
    const httpPort = await listenOn(http, port, host);
    try {
      return [httpPort, await listenOn(ws, port + 1, host)];
    } catch (err) {
      await closeServer(http);
      throw err;
    }
  }
  for (let i = 0; i < ADJACENT_TRIES; i++) {
    const httpPort = await listenOn(http, 0, host);
    if (httpPort < 65535) {
      try {
        return [httpPort, await listenOn(ws, httpPort + 1, host)];
      } catch {
        // taken: try another pair
      }
    }
    await closeServer(http);
  }
  return [await listenOn(http, 0, host), await listenOn(ws, 0, host)];
}

export async function startSvmServer(options: StartSvmOptions = {}): Promise<RunningSvm> {
  const { port = DEFAULT_SVM_PORT, host = HOST, dataDir } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65534)
    throw new RangeError(`Invalid port ${port}: must be 0 to 65534 (the websocket takes port + 1)`);
  const onError =
    options.onError ?? ((err: unknown) => process.stderr.write(`w3kit-server svm: ${(err as Error)?.stack ?? String(err)}\n`));
  const state = dataDir ? readState(dataDir, LOCAL_SVM_GENESIS_HASH) : undefined;
  const chain = new SvmChain({ state, historyLimit: options.historyLimit });
  const saver = dataDir ? stateSaver(dataDir, chain.genesisHash, () => chain.snapshot()) : undefined;
  const stopSaving = saver ? chain.onLanded(() => saver.changed()) : () => undefined;

  const methods = new Map<string, Handler>(Object.entries({ ...accountMethods(chain), ...transactionMethods(chain) }));
  const http = rpcHttpServer(methods, onError);
  const wsHttp = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' });
    res.end('websocket only');
  });
  const pubsub = attachPubSub(wsHttp, chain, onError);
  const [httpPort, wsPort] = await listenPair(http, wsHttp, port, host);
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host}:${httpPort}`,
    wsUrl: `ws://${host}:${wsPort}`,
    port: httpPort,
    wsPort,
    chain,
    close() {
      closed ??= (async () => {
        pubsub.close();
        for (const client of pubsub.clients) client.terminate();
        await Promise.all([closeServer(http), closeServer(wsHttp)]);
        stopSaving();
        saver?.flush();
      })();
      return closed;
    },
  };
}
