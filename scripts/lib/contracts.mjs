/**
 * Deploys the demo contracts (committed artifacts of test/chain/contracts, built by
 * scripts/compile-contracts.mjs) to a local chain from Hardhat's dev account 0:
 *
 *   const { dusd, dusdt, nft, spamNft } = await deployDemoContracts(chain.url);
 *
 * - dusd: "Demo Dollar" DUSD, a standard ERC-20 (6 decimals, 1,000,000 to account 0);
 * - dusdt: "Demo Tether" DUSDT, USDT-style (transfer/transferFrom return nothing; 6 decimals,
 *   1,000,000 to account 0);
 * - nft: "Demo NFT" DNFT (ERC-721), tokens 1, 2 and 3 minted to account 0;
 * - spamNft: "Claim Free ETH" CLAIM (ERC-721), token 1 minted to account 0 (an indexer should
 *   flag it as spam).
 * Contracts are deployed first (nonces 0 to 3), then the mints (nonces 4 to 7), so on a fresh
 * chain the addresses are always DEMO_CONTRACTS. On a chain where they already exist (account 0
 * has sent at least 8 transactions and DUSD has code) nothing is sent and DEMO_CONTRACTS is
 * returned; on any other used chain the contracts are deployed again at new addresses.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, createWalletClient, defineChain, getAddress, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/chain/contracts/artifacts');

/** Hardhat's dev account 0 (mnemonic 'test test ... junk'), the deployer and first holder. */
export const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const DEV_PRIVATE_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** Where deployDemoContracts puts the contracts on a fresh chain (account 0's nonces 0 to 3). */
export const DEMO_CONTRACTS = Object.freeze({
  dusd: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  dusdt: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  nft: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  spamNft: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
});

/** Transactions deployDemoContracts sends (4 deployments, 4 mints). */
const TX_COUNT = 8;

/** A committed artifact: `{ contractName, sourceName, compiler, abi, bytecode }`. */
export function loadArtifact(name) {
  return JSON.parse(readFileSync(path.join(ARTIFACTS, `${name}.json`), 'utf8'));
}

async function clients(rpcUrl) {
  const probe = createPublicClient({ transport: http(rpcUrl) });
  const chain = defineChain({
    id: await probe.getChainId(),
    name: 'Local chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl);
  return {
    publicClient: createPublicClient({ chain, transport }),
    walletClient: createWalletClient({ chain, transport, account: privateKeyToAccount(DEV_PRIVATE_KEY) }),
  };
}

/**
 * @param {string} rpcUrl JSON-RPC URL of the chain (Hardhat, automining)
 * @returns {Promise<{ dusd: string, dusdt: string, nft: string, spamNft: string }>}
 */
export async function deployDemoContracts(rpcUrl) {
  const { publicClient, walletClient } = await clients(rpcUrl);
  const nonce = await publicClient.getTransactionCount({ address: DEV_ACCOUNT });
  if (nonce >= TX_COUNT && (await publicClient.getCode({ address: DEMO_CONTRACTS.dusd }))) return { ...DEMO_CONTRACTS };

  const token = loadArtifact('DemoToken');
  const tether = loadArtifact('DemoTetherToken');
  const nftArtifact = loadArtifact('DemoNft');
  const supply = 1_000_000n * 10n ** 6n;
  const deploys = [
    [token, ['Demo Dollar', 'DUSD', 6, supply]],
    [tether, ['Demo Tether', 'DUSDT', 6, supply]],
    [nftArtifact, ['Demo NFT', 'DNFT']],
    [nftArtifact, ['Claim Free ETH', 'CLAIM']],
  ];
  const deployHashes = [];
  for (const [artifact, args] of deploys) {
    deployHashes.push(await walletClient.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args }));
  }
  const receipts = await Promise.all(deployHashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })));
  const [dusd, dusdt, nft, spamNft] = receipts.map((r, i) => {
    if (r.status !== 'success' || !r.contractAddress) throw new Error(`Deploying demo contract ${i} failed (tx ${r.transactionHash})`);
    return getAddress(r.contractAddress);
  });
  const mintHashes = [];
  for (const address of [nft, nft, nft, spamNft]) {
    mintHashes.push(await walletClient.writeContract({ address, abi: nftArtifact.abi, functionName: 'mint', args: [DEV_ACCOUNT] }));
  }
  for (const receipt of await Promise.all(mintHashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })))) {
    if (receipt.status !== 'success') throw new Error(`Minting a demo NFT failed (tx ${receipt.transactionHash})`);
  }
  return { dusd, dusdt, nft, spamNft };
}
