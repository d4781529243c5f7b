import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { formatUnits, verifyTypedData } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { startFrameHarness, waitFor } from '../test-utils/frame-harness.js';

const networks = [
  {
    caipNetworkId: 'eip155:31337',
    name: 'Hardhat',
    rpcUrl: 'http://127.0.0.1:8545',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  },
  {
    caipNetworkId: 'solana:localnet',
    name: 'Solana Local',
    rpcUrl: 'http://127.0.0.1:8899',
    nativeCurrency: { name: 'Sol', symbol: 'SOL', decimals: 9 },
  },
];
const open: { close(): void }[] = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
});

async function loggedIn(rpcCalls: { url: string; method: string; params: unknown }[] = []) {
  const h = startFrameHarness({
    jsonRpc: async (url, method, params) => {
      rpcCalls.push({ url, method, params });
      return method === 'sendTransaction' ? '5sent' : '0x99';
    },
  });
  open.push(h);
  await h.call('SyncDappData', { projectId: 'w3kit-dev', sdkVersion: '4', networks, metadata: { name: 'Demo App' } });
  await h.call('ConnectEmail', { email: 'ada@example.com' });
  await h.call('ConnectOtp', { otp: '123456' });
  return h;
}

const typedData = {
  domain: { name: 'Mail', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [{ name: 'contents', type: 'string' }],
  },
  primaryType: 'Mail',
  message: { contents: 'Hello, Bob! <script>' },
} as const;

describe('RpcRequest', () => {
  it('answers eth_chainId and the accounts locally and forwards other safe reads to the network', async () => {
    const rpcCalls: { url: string; method: string; params: unknown }[] = [];
    const h = await loggedIn(rpcCalls);
    const rpc = (namespace: string, chainId: string, method: string) => h.call('RpcRequest', { namespace, chainId, method, params: [] });
    expect((await rpc('eip155', 'eip155:31337', 'eth_chainId')).payload).toEqual({ result: '0x7a69' });
    expect((await rpc('eip155', 'eip155:31337', 'eth_accounts')).payload).toEqual({ result: [h.api.user.evmAddress] });
    expect((await rpc('solana', 'solana:localnet', 'solana_getAccounts')).payload).toEqual({
      result: [{ pubkey: h.api.user.solanaAddress }],
    });
    expect(rpcCalls).toEqual([]);
    expect((await rpc('eip155', 'eip155:31337', 'eth_getBalance')).payload).toEqual({ result: '0x99' });
    expect(rpcCalls).toEqual([{ url: 'http://127.0.0.1:8545', method: 'eth_getBalance', params: [] }]);
    expect((await rpc('eip155', 'eip155:1', 'eth_getBalance')).error?.message).toBe('ChainId not found');
  });

  it('signs eth_signTypedData_v4 after showing it as a tree: the domain first (chain by its network name), then the message', async () => {
    const h = await loggedIn();
    const address = h.api.user.evmAddress as `0x${string}`;
    const signing = h.call('RpcRequest', {
      namespace: 'eip155',
      chainId: 'eip155:31337',
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    });
    await waitFor(() => h.approvals.shown[0]);
    const view = h.approvals.shown[0]!.view;
    expect(view.title).toBe('Sign message');
    expect(view.tree).toEqual([
      {
        label: 'Domain',
        children: [
          { label: 'Name', value: 'Mail' },
          { label: 'Version', value: '1' },
          { label: 'Network', value: 'Hardhat (31337)' },
          { label: 'Contract', value: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
        ],
      },
      { label: 'Message', value: 'Mail', children: [{ label: 'contents', value: 'Hello, Bob! <script>' }] },
    ]);
    expect(view.body).toBeUndefined();
    h.approvals.answer(true);
    const signature = ((await signing).payload as { result: `0x${string}` }).result;
    const { EIP712Domain: _, ...types } = typedData.types;
    expect(
      await verifyTypedData({ address, domain: typedData.domain, types, primaryType: 'Mail', message: typedData.message, signature }),
    ).toBe(true);
  });

  it('refuses to sign for another address, before any approval', async () => {
    const h = await loggedIn();
    const other = '0x000000000000000000000000000000000000dEaD';
    const reply = await h.call('RpcRequest', {
      namespace: 'eip155',
      chainId: 'eip155:31337',
      method: 'personal_sign',
      params: ['0x01', other],
    });
    expect(reply.error?.message).toBe('The address is not this wallet');
    expect(h.approvals.shown).toEqual([]);
  });

  it('answers unsupported unsafe methods with 4200, before any approval', async () => {
    const h = await loggedIn();
    const reply = await h.call('RpcRequest', {
      namespace: 'eip155',
      chainId: 'eip155:31337',
      method: 'wallet_grantPermissions',
      params: [],
    });
    expect(reply.error).toEqual({
      code: 4200,
      message: 'The Provider does not support the requested method.',
      reason: 'UNSUPPORTED_METHOD',
    });
    expect(h.approvals.shown).toEqual([]);
  });

  it("answers EIP-5792's wallet_getCallsStatus and wallet_getCapabilities itself: the node never gets them", async () => {
    const rpcCalls: { url: string; method: string; params: unknown }[] = [];
    const h = await loggedIn(rpcCalls);
    const request = (method: string, params: unknown[]) =>
      h.call('RpcRequest', { namespace: 'eip155', chainId: 'eip155:31337', method, params });
    // An id this wallet did not send (the fake node knows no such transaction): EIP-5792's refusal, as it is.
    const hash = `0x${'12'.repeat(32)}`;
    expect((await request('wallet_getCallsStatus', [hash])).error).toEqual({ code: 5730, message: 'Unknown bundle id' });
    expect((await request('wallet_getCapabilities', [h.api.user.evmAddress])).payload).toEqual({
      result: { '0x7a69': { atomic: { status: 'unsupported' } } },
    });
    expect(rpcCalls.map((c) => c.method)).toEqual(['eth_getTransactionByHash']);
    expect(h.approvals.shown).toEqual([]);
  });

  it('wallet_sendCalls shows its calls as one list under one heading, with the total fee; Reject sends nothing', async () => {
    const rpcCalls: { url: string; method: string; params: unknown }[] = [];
    const h = await loggedIn(rpcCalls);
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const calls = [
      { to, value: '0xde0b6b3a7640000' },
      { to, data: '0x12345678' },
    ];
    const pending = h.call('RpcRequest', { namespace: 'eip155', chainId: 'eip155:31337', method: 'wallet_sendCalls', params: [{ calls }] });
    await waitFor(() => h.approvals.shown[0]);
    const view = h.approvals.shown[0]!.view;
    expect(view.title).toBe('Approve 2 transactions');
    expect(view.items).toEqual([
      [
        { label: 'To', value: to },
        { label: 'Value', value: '1 ETH' },
        { label: 'Network', value: 'Hardhat' },
      ],
      [
        { label: 'To', value: to },
        { label: 'Value', value: '0 ETH' },
        { label: 'Network', value: 'Hardhat' },
        { label: 'Data', value: '4 bytes' },
      ],
    ]);
    // The fake node answers 0x99 to every read: 2 x (0x99 gas x 0x99 wei).
    expect(view.rows).toEqual([{ label: 'Network fee', value: `${formatUnits(2n * 0x99n * 0x99n, 18)} ETH` }]);
    h.approvals.answer(false);
    expect((await pending).error?.code).toBe(4001);
    expect(rpcCalls.map((call) => call.method).sort()).toEqual(['eth_estimateGas', 'eth_estimateGas', 'eth_gasPrice']);
  });

  it("wallet_sendCalls with atomicRequired is refused with EIP-5792's 5760 before any screen or request", async () => {
    const rpcCalls: { url: string; method: string; params: unknown }[] = [];
    const h = await loggedIn(rpcCalls);
    const calls = [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1' }];
    const reply = await h.call('RpcRequest', {
      namespace: 'eip155',
      chainId: 'eip155:31337',
      method: 'wallet_sendCalls',
      params: [{ calls, atomicRequired: true }],
    });
    expect(reply.error).toMatchObject({ code: 5760, message: 'Atomicity not supported' });
    expect(h.approvals.shown).toHaveLength(0);
    expect(rpcCalls).toHaveLength(0);
  });

  it('solana_signAndSendTransaction sends the signed transaction as base64 to the synced network', async () => {
    const rpcCalls: { url: string; method: string; params: unknown }[] = [];
    const h = await loggedIn(rpcCalls);
    const payer = new PublicKey(h.api.user.solanaAddress!);
    const recipient = Keypair.generate().publicKey;
    const tx = new Transaction({ feePayer: payer, recentBlockhash: new PublicKey(new Uint8Array(32).fill(5)).toBase58() }).add(
      SystemProgram.transfer({ fromPubkey: payer, toPubkey: recipient, lamports: 1_000_000 }),
    );
    const transaction = tx.serialize({ requireAllSignatures: false }).toString('base64');
    const sending = h.call('RpcRequest', {
      namespace: 'solana',
      chainId: 'solana:localnet',
      method: 'solana_signAndSendTransaction',
      params: { transaction, options: { skipPreflight: true } },
    });
    await waitFor(() => h.approvals.shown[0]);
    expect(h.approvals.shown[0]!.view).toMatchObject({
      title: 'Approve transaction',
      rows: [
        { label: 'Network', value: 'Solana Local' },
        { label: 'Amount', value: '0.001 SOL' },
        { label: 'Recipient', value: recipient.toBase58() },
      ],
    });
    expect(rpcCalls).toEqual([]);
    h.approvals.answer(true);
    expect((await sending).payload).toEqual({ result: { signature: '5sent' } });
    const [call] = rpcCalls;
    expect(call).toMatchObject({ url: 'http://127.0.0.1:8899', method: 'sendTransaction' });
    const [sent, options] = call!.params as [string, Record<string, unknown>];
    expect(options).toEqual({ skipPreflight: true, encoding: 'base64' });
    expect(Transaction.from(Buffer.from(sent, 'base64')).verifySignatures()).toBe(true);
  });
});

describe('who asks, on the approval screen', () => {
  it("names the app with its checked origin's host, so a page cannot pass for another app by its name", async () => {
    const { requester } = await import('./rpc.js');
    expect(requester({ dapp: { metadata: { name: 'Uniswap' } }, parentOrigin: 'https://evil.example:8443' })).toBe(
      'Uniswap (evil.example:8443)',
    );
    expect(requester({ parentOrigin: 'http://127.0.0.1:4300' })).toBe('This app (127.0.0.1:4300)');
    expect(requester({})).toBe('This app');
  });
});
