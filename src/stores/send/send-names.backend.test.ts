/**
 * A send's receiver typed as a name against the real backend of server/ (seeded: `dev.w3kit`
 * is Hardhat account 1) indexing a Hardhat node: the name resolves, the preview and the
 * transaction go to account 1, and sending that transaction moves the ETH there.
 */
import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_PROJECT_ID, removeIdentity, setIdentity, startServer, type RunningServer } from '../../../server/src/index.js';
import { startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { createBlockchainApi } from '../../api/blockchain-api.js';
import { ApiError } from '../../api/errors.js';
import { networks } from '../../wire/networks.js';
import { ACCOUNT } from '../../test-utils/blockchain-fixtures.js';
import { $accounts, patchAccount } from '../connection/account.js';
import { setBlockchainApiDeps } from '../portfolio/blockchain.js';
import { resetIdentities } from '../portfolio/identity.js';
import { $activeNamespace, $activeNetworkIds } from '../network/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import {
  $send,
  buildTransfer,
  resetSend,
  reviewSend,
  sendReceiver,
  setReceiver,
  setSendAmount,
  setSendToken,
  type SendToken,
} from './send.js';
import { transferTransaction } from '../../chains/eip155/adapter.js';

/** The eip155 transaction a WalletSend transfer becomes. */
const sendTx = (...args: Parameters<typeof buildTransfer>) => transferTransaction(buildTransfer(...args));

const ACCOUNT_1: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ACCOUNT_2: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const eth: SendToken = { name: 'Ether', symbol: 'ETH', decimals: 18, balance: '100', price: 3000, iconUrl: undefined };

let node: HardhatNode;
let server: RunningServer;

beforeAll(async () => {
  node = await startHardhat();
  server = await startServer({ port: 0, seed: { wallets: 5 }, relayPort: false, evmRpc: node.url });
}, 90_000);
afterAll(async () => {
  await server?.close();
  await node?.stop();
});

/** Account 0 connected on the local chain, the modal pointed at the server with the seeded project. */
function connect(blockchainApiUrl: string | null = server.url): void {
  setOptions({
    networks: [networks.localhost, networks.mainnet],
    projectId: DEV_PROJECT_ID,
    ...(blockchainApiUrl ? { blockchainApiUrl } : {}),
  });
  $accounts.set({});
  $activeNamespace.set('eip155');
  $activeNetworkIds.set({ eip155: 'eip155:31337' });
  patchAccount('eip155', {
    address: ACCOUNT,
    caipAddress: `eip155:31337:${ACCOUNT}`,
    status: 'connected',
    balance: '100',
    balanceSymbol: 'ETH',
  });
}

function fill(receiver: string, amount: string): void {
  setSendToken(eth);
  setSendAmount(amount);
  setReceiver(receiver);
}

beforeEach(() => {
  setBlockchainApiDeps({ timeoutMs: 2_000, attempts: 1 });
  resetIdentities();
  resetSend();
  connect();
});
afterEach(() => {
  resetSend();
  setBlockchainApiDeps({});
  resetOptions();
});

describe('resolveName on the real backend', () => {
  it('resolves the seeded dev.w3kit in any case, null for an unknown name, a 400 naming `name` for a bad one', async () => {
    const api = createBlockchainApi({ blockchainApiUrl: server.url, projectId: DEV_PROJECT_ID, attempts: 1 });
    await expect(api.resolveName('DEV.W3KIT')).resolves.toEqual({
      name: 'dev.w3kit',
      addresses: { '60': { address: ACCOUNT_1 } },
      attributes: {},
    });
    await expect(api.resolveName('nobody.w3kit')).resolves.toBeNull();
    const err = await api.resolveName('a b').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).field).toBe('name');
  });
});

describe('send to a name on the real backend', () => {
  it('previews dev.w3kit with account 1 and the transaction sends the ETH to account 1 on the chain', async () => {
    fill('dev.w3kit', '0.25');
    expect(await reviewSend()).toBeUndefined();
    expect($send.get()).toMatchObject({
      step: 'preview',
      receiverNameStatus: 'resolved',
      receiverAddress: ACCOUNT_1,
      receiverProfileName: 'dev.w3kit',
    });
    const tx = sendTx(eth, sendReceiver($send.get()), $send.get().amount);
    expect(tx).toEqual({ to: ACCOUNT_1, value: 250_000_000_000_000_000n });

    const transport = http(node.url, { retryCount: 0 });
    const chain = createPublicClient({ chain: hardhat, transport });
    const wallet = createWalletClient({ chain: hardhat, transport });
    const before = await chain.getBalance({ address: ACCOUNT_1 });
    const hash = await wallet.sendTransaction({ account: ACCOUNT as Address, to: tx.to as Address, value: tx.value });
    expect((await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
    expect(await chain.getBalance({ address: ACCOUNT_1 })).toBe(before + 250_000_000_000_000_000n);
  });

  it("says 'NAME_NOT_FOUND' for a name the server lacks; one set meanwhile resolves next time", async () => {
    fill('carol.w3kit', '1');
    expect(await reviewSend()).toBe('NAME_NOT_FOUND');
    await setIdentity(server.storage, ACCOUNT_2, 'Carol.w3kit', 'https://example.com/carol.png');
    try {
      setReceiver('carol.w3kit');
      expect(await reviewSend()).toBeUndefined();
      expect($send.get()).toMatchObject({
        receiverAddress: ACCOUNT_2,
        receiverProfileName: 'Carol.w3kit',
        receiverProfileImageUrl: 'https://example.com/carol.png',
      });
    } finally {
      await removeIdentity(server.storage, ACCOUNT_2);
    }
  });

  it("a name without a Blockchain API is 'Invalid address'", async () => {
    connect(null);
    fill('dev.w3kit', '1');
    expect(await reviewSend()).toBe('ADDRESS');
  });
});
