/**
 * Deploys the local DEX (Uniswap V2 with liquidity) onto a chain by running the built
 * `w3kit-server dex deploy` bin (server/dist/w3kit-server.js; `node scripts/build.mjs` or
 * `npm run build -w w3kit-server` makes it), recording it in the backend's data folder:
 *
 *   const dex = await deployDex(chainA.url, { dataDir, tokens: [contracts.dusd, contracts.dusdt] });
 *   // { chainId: 31337, factory, router, weth, tokens: [{ symbol, address, decimals }] }
 *
 * Deploy it before the backend on that folder starts, or restart the backend: the backend reads
 * the record per request, so a running one serves it at once. Run again on the same chain and
 * folder it deploys nothing while the recorded router is there.
 */
import { runBinJson } from './bin-child.mjs';

/**
 * @param {string} rpcUrl JSON-RPC URL of the chain
 * @param {{ dataDir: string, tokens?: string[], deployerKey?: string }} options
 */
export function deployDex(rpcUrl, { dataDir, tokens = [], deployerKey }) {
  const args = ['--evm-rpc', rpcUrl, '--data', dataDir];
  for (const token of tokens) args.push('--token', token);
  if (deployerKey) args.push('--deployer-key', deployerKey);
  return runBinJson(['dex', 'deploy'], args);
}
