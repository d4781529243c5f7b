/**
 * `startBtcDevChain`: the local Bitcoin development chain (BtcDevChain, regtest) behind the
 * Esplora HTTP routes on 127.0.0.1:port (0 picks a free port). At its creation a block gives
 * the dev account DEV_FUND_BTC and each `fund` address its coins; at a later start (with
 * `dataDir`) only addresses with no history yet are funded. Without `blockTimeSeconds` each
 * accepted transaction is mined into a block at once; with it, transactions wait unconfirmed
 * in the mempool and a block is mined every that many seconds while the mempool holds any.
 */
import { BtcDevChain, type Block } from './chain.js';
import { esploraHttpServer, type RateLimit } from './http.js';
import { DEV_BITCOIN_KEY, DEV_FUND_BTC, SATS_PER_BTC } from './network.js';
import { restoreState, stateSaver } from './state-file.js';
import { closeServer, listenOn } from '../../../http/dev-server.js';

export const DEFAULT_BTC_PORT = 18443;

export interface StartBtcOptions {
  port?: number;
  host?: string;
  /** Directory of `btc-state.json`; without one the chain lives in memory. */
  dataDir?: string;
  /** Mine every N seconds (while the mempool holds transactions) instead of on each transaction. */
  blockTimeSeconds?: number;
  /** More addresses to fund at start (regtest P2WPKH or P2TR), in sats. */
  fund?: readonly { address: string; sats: bigint }[];
  mempoolMax?: number;
  rateLimit?: RateLimit;
  onError?: (err: unknown) => void;
}

export interface RunningBtcDevChain {
  /** `http://127.0.0.1:18443`: the Esplora API's base URL. */
  url: string;
  port: number;
  chain: BtcDevChain;
  /** Mines the mempool into a block now (tests; --block-time does it on its clock). */
  mine(): Block;
  /** Stops the server (and the block clock) and saves the state when there is a data directory. */
  close(): Promise<void>;
}

export async function startBtcDevChain(options: StartBtcOptions = {}): Promise<RunningBtcDevChain> {
  const onError = options.onError ?? ((err: unknown) => process.stderr.write(`btc dev chain: ${(err as Error)?.stack ?? String(err)}\n`));
  let saver: ReturnType<typeof stateSaver> | undefined;
  const chain = new BtcDevChain({ mempoolMax: options.mempoolMax, onChange: () => saver?.changed() });
  if (options.dataDir !== undefined) {
    restoreState(options.dataDir, chain);
    saver = stateSaver(options.dataDir, () => chain);
  }
  const payments = [{ address: DEV_BITCOIN_KEY.address, sats: BigInt(DEV_FUND_BTC) * SATS_PER_BTC }, ...(options.fund ?? [])].filter(
    (p, i, all) => chain.addressTxids(p.address).length === 0 && all.findIndex((q) => q.address === p.address) === i,
  );
  if (payments.length) chain.fund(payments);
  saver?.flush();

  const mine = () => chain.mine();
  const blockMs = options.blockTimeSeconds === undefined ? undefined : options.blockTimeSeconds * 1000;
  const clock =
    blockMs === undefined
      ? undefined
      : setInterval(() => {
          try {
            if (chain.mempoolTxids.length) mine();
          } catch (err) {
            onError(err);
          }
        }, blockMs);
  const server = esploraHttpServer(chain, { onAccepted: () => blockMs === undefined && mine(), onError, rateLimit: options.rateLimit });
  const host = options.host ?? '127.0.0.1';
  const port = await listenOn(server, options.port ?? DEFAULT_BTC_PORT, host).catch((err: unknown) => {
    clearInterval(clock);
    throw err;
  });
  return {
    url: `http://${host}:${port}`,
    port,
    chain,
    mine,
    async close() {
      clearInterval(clock);
      await closeServer(server);
      saver?.flush();
    },
  };
}
