/**
 * The local Bitcoin development chain for `npm start`, tests and the demo: runs the built bin's
 * `w3kit-server btc` (regtest behind the Esplora HTTP API) as a child process and waits for its
 * two lines: the Esplora URL and the dev account (10 BTC at the chain's creation) with its WIF.
 *
 *   const btc = await startBtc({ port: 18443 });   // port 0 = a free port
 *   btc.url, btc.devAddress, btc.devWif
 *   await btc.close();
 *
 * The chain never outlives the caller (./bin-child.mjs).
 */
import { startBinChild } from './bin-child.mjs';

const LINES = /^bitcoin esplora (http:\/\/\S+)\nbitcoin dev account (\S+) .* wif (\S+)$/m;

/**
 * @param {{ port?: number, dataDir?: string, blockTime?: number, fund?: string[] }} [options]
 *   port 0 (default) picks a free port; dataDir keeps the chain; blockTime mines every N seconds; fund: ADDRESS=BTC entries
 */
export async function startBtc({ port = 0, dataDir, blockTime, fund = [] } = {}) {
  const args = ['--port', String(port)];
  if (dataDir) args.push('--data', dataDir);
  if (blockTime) args.push('--block-time', String(blockTime));
  for (const entry of fund) args.push('--fund', entry);
  const { match, close } = await startBinChild('btc', args, LINES);
  const [, url, devAddress, devWif] = match;
  return { url, port: Number(new URL(url).port), devAddress, devWif, close };
}
