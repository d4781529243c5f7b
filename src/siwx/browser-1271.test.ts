/**
 * createBrowserSiwx's EIP-1271 check against a real Hardhat node: a contract account (one owner
 * EOA, test/chain/contracts/Eip1271Wallet.sol) signs in with its owner's signature.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWalletClient, http, publicActions, type Abi, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { DEV_PRIVATE_KEY } from '../../scripts/lib/contracts.mjs';
import { createBrowserSiwx } from './browser.js';
import { evmSigner, MapStorage, PAGE, signed } from './test-utils/signers.js';

const ARTIFACT = new URL('../../test/chain/contracts/artifacts/Eip1271Wallet.json', import.meta.url);
const CHAIN = 'eip155:31337';

let node: HardhatNode;
let wallet: Address;
const owner = evmSigner();

beforeAll(async () => {
  node = await startHardhat();
  const { abi, bytecode } = JSON.parse(readFileSync(ARTIFACT, 'utf8')) as { abi: Abi; bytecode: Hex };
  const client = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEY), chain: hardhat, transport: http(node.url) }).extend(
    publicActions,
  );
  const hash = await client.deployContract({ abi, bytecode, args: [owner.address] });
  const receipt = await client.waitForTransactionReceipt({ hash });
  wallet = receipt.contractAddress!;
}, 90_000);

afterAll(async () => {
  await node?.stop();
});

describe('createBrowserSiwx and a contract account (EIP-1271) on Hardhat', () => {
  it('keeps a session the contract accepts, and refuses one by another key', async () => {
    vi.stubGlobal('location', PAGE);
    try {
      const siwx = createBrowserSiwx({ storage: new MapStorage(), rpcUrls: { [CHAIN]: node.url } });
      const message = await siwx.createMessage({ accountAddress: wallet, chainId: CHAIN });
      // Not the owner: the contract answers 0xffffffff.
      await expect(siwx.addSession(await signed(message, evmSigner()))).rejects.toThrow('Invalid signature');
      const session = await signed(message, owner);
      await siwx.addSession(session);
      expect(await siwx.getSessions(CHAIN, wallet)).toEqual([session]);
      // An EOA with no code there and a wrong signature: refused after looking on chain.
      const eoa = evmSigner();
      const eoaMessage = await siwx.createMessage({ accountAddress: eoa.address, chainId: CHAIN });
      await expect(siwx.addSession(await signed(eoaMessage, owner))).rejects.toThrow(/^Invalid signature$/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('names an unreachable RPC instead of pretending the signature is bad', async () => {
    vi.stubGlobal('location', PAGE);
    try {
      const siwx = createBrowserSiwx({ storage: new MapStorage(), rpcUrls: { [CHAIN]: 'http://127.0.0.1:9' } });
      const message = await siwx.createMessage({ accountAddress: wallet, chainId: CHAIN });
      await expect(siwx.addSession(await signed(message, owner))).rejects.toThrow(/^Could not check the contract account's signature/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
