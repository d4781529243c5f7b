/**
 * The ERC-4337 stack for `npm start`, tests and the demo, through the built bin
 * (server/dist/w3kit-server.js; `node scripts/build.mjs` or `npm run build -w w3kit-server`):
 *
 *   const aa = await deployAa(chainA.url);          // { chainId, entryPoint, factory, paymaster }
 *   const bundler = await startBundler({ rpcUrl: chainA.url, port: 4337 });   // port 0 = a free port
 *   bundler.url                                     // http://127.0.0.1:4337 (Alto)
 *   await bundler.close();                          // SIGTERM: the bin stops Alto, then exits
 *
 * `deployAa` deploys what the chain lacks and deploys nothing the second time. The bundler never
 * outlives the caller (./bin-child.mjs; the bin kills Alto when it exits).
 */
import { runBinJson, startBinChild } from './bin-child.mjs';

/**
 * Runs `w3kit-server aa deploy` on the chain at `rpcUrl`; resolves to its JSON line, rejects with its one-line error.
 * @param {string} rpcUrl
 * @param {{ deployerKey?: string }} [options]
 */
export function deployAa(rpcUrl, { deployerKey } = {}) {
  const args = ['--evm-rpc', rpcUrl];
  if (deployerKey) args.push('--deployer-key', deployerKey);
  return runBinJson(['aa', 'deploy'], args);
}

/**
 * Runs `w3kit-server bundler` against the chain at `rpcUrl` (its EntryPoint deployed first) and
 * resolves once it prints its URL.
 * @param {{ rpcUrl: string, port?: number }} options
 */
export async function startBundler({ rpcUrl, port = 0 }) {
  const { match, close } = await startBinChild('bundler', ['--evm-rpc', rpcUrl, '--port', String(port)], /^bundler (http:\/\/\S+)$/m);
  const url = match[1];
  return { url, port: Number(new URL(url).port), close };
}
