/** The eip155 wallet functions against the real test EIP-1193 wallet (test/fixtures), in Node. */
import { describe, expect, it } from 'vitest';
import { verifyMessage } from 'viem';
import { createTestWallet } from '../../../test/fixtures/eip1193-wallet.js';
import { networks, type Network } from '../../wire/networks.js';
import {
  getAccounts,
  getCapabilities,
  getChainId,
  parseAccounts,
  parseChainId,
  requestAccounts,
  sendTransaction,
  signMessage,
  switchChain,
} from './wallet.js';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const wallet = () =>
  createTestWallet({ rpcUrls: { 31337: 'http://127.0.0.1:9/' }, chainId: 31337, announce: false, storageKey: false } as never);

const chainB: Network = {
  ...networks.localhost,
  id: 31338,
  caipNetworkId: 'eip155:31338',
  name: 'Chain B',
  rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
  blockExplorers: { default: { name: 'B', url: 'https://b.example' } },
};

describe('eip155 wallet functions', () => {
  it('parses account lists into checksummed addresses and refuses malformed replies', () => {
    expect(parseAccounts('eth_accounts', [A0.toLowerCase()])).toEqual([A0]);
    expect(parseAccounts('eth_accounts', [A0.slice(2)])).toEqual([A0]);
    expect(() => parseAccounts('eth_accounts', 'nope')).toThrow(/malformed reply/);
    expect(() => parseAccounts('eth_accounts', ['0x123'])).toThrow(/malformed reply/);
  });

  it('parses chain ids and rejects 2^31 and above with "Invalid chainId"', () => {
    expect(parseChainId('0x7a69')).toBe(31337);
    expect(parseChainId(1)).toBe(1);
    expect(() => parseChainId('0x80000000')).toThrow('Invalid chainId');
    expect(() => parseChainId({})).toThrow(/malformed reply/);
  });

  it('requests accounts, and a refusal is a typed 4001', async () => {
    const w = wallet();
    expect(await getAccounts(w.provider)).toEqual([]);
    w.setMode('reject');
    await expect(requestAccounts(w.provider)).rejects.toMatchObject({ code: 4001, name: 'UserRejectedRequestError' });
    w.setMode('approve');
    expect((await requestAccounts(w.provider))[0]).toBe(A0);
    expect((await getAccounts(w.provider))[0]).toBe(A0);
    expect(await getChainId(w.provider)).toBe(31337);
  });

  it('adds a chain the wallet lacks (4902) with its name, currency, RPC and explorer, then switches', async () => {
    const w = wallet();
    await requestAccounts(w.provider);
    await switchChain(w.provider, chainB);
    expect(await getChainId(w.provider)).toBe(31338);
    const add = w.requests.find((r) => r.method === 'wallet_addEthereumChain');
    expect(add?.params).toEqual([
      {
        chainId: '0x7a6a',
        chainName: 'Chain B',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['http://127.0.0.1:8546'],
        blockExplorerUrls: ['https://b.example'],
      },
    ]);
  });

  it('a refused add leaves the chain and rejects with the wallet code', async () => {
    const w = wallet();
    await requestAccounts(w.provider);
    w.setMode('reject');
    await expect(switchChain(w.provider, chainB)).rejects.toMatchObject({ code: 4001 });
    expect(await getChainId(w.provider)).toBe(31337);
  });

  it('signs with personal_sign; a refusal is "Signature declined"', async () => {
    const w = wallet();
    await requestAccounts(w.provider);
    const signature = await signMessage(w.provider, A0, 'hi');
    expect(await verifyMessage({ address: A0, message: 'hi', signature })).toBe(true);
    w.setMode('reject');
    await expect(signMessage(w.provider, A0, 'hi')).rejects.toMatchObject({ shortMessage: 'Signature declined', code: 4001 });
  });

  it('needs an account address to send, and an address for wallet_getCapabilities', async () => {
    const w = wallet();
    await expect(sendTransaction(w.provider, { from: undefined, to: A0 })).rejects.toMatchObject({
      shortMessage: 'Transactions need an account address',
    });
    await expect(sendTransaction(w.provider, { from: A0, to: 'not-an-address' })).rejects.toMatchObject({ shortMessage: 'Invalid input' });
    await expect(getCapabilities(w.provider, undefined)).rejects.toMatchObject({
      shortMessage: 'Missing address parameter in wallet_getCapabilities request',
    });
    await requestAccounts(w.provider);
    expect(await getCapabilities(w.provider, A0)).toHaveProperty('0x7a69');
  });
});
