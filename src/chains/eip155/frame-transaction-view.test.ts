/**
 * An eip155 transaction's approval rows and network fee against a real Hardhat node with the demo
 * contracts (DUSD: an ERC-20 with 6 decimals; DNFT: an ERC-721): the token's symbol and decimals
 * come from the token, the fee from the node; a node that cannot estimate leaves the fee 'unavailable'.
 */
import { encodeFunctionData, erc20Abi, erc721Abi, maxUint256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployDemoContracts, DEV_ACCOUNT } from '../../../scripts/lib/contracts.mjs';
import { freePort, startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { approvalTexts } from '../../frame/site/approval-texts.js';
import { createJsonRpc } from '../../frame/site/json-rpc.js';
import { callRows, networkFee, significant, type ViewEnv } from './frame-transaction-view.js';

const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
let node: HardhatNode;
let env: ViewEnv;
let dusd: `0x${string}`;
let nft: `0x${string}`;

beforeAll(async () => {
  node = await startHardhat({ chainId: 31337 });
  ({ dusd, nft } = (await deployDemoContracts(node.url)) as { dusd: `0x${string}`; nft: `0x${string}` });
  const network = {
    caipNetworkId: 'eip155:31337',
    name: 'Hardhat',
    rpcUrl: node.url,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  };
  env = { network, jsonRpc: createJsonRpc((url, init) => fetch(url, init)), texts: approvalTexts('en') };
}, 120_000);
afterAll(async () => {
  await node?.stop();
});

const rowsOf = (rows: { label: string; value: string }[]) => Object.fromEntries(rows.map((row) => [row.label, row.value]));

describe('an eip155 transaction on the approval screen', () => {
  it('a fee reads with at most 6 significant digits', () => {
    expect(significant('0.000065388804607929')).toBe('0.0000653888');
    expect(significant('12.3456789')).toBe('12.3456');
    expect(significant('0.1')).toBe('0.1');
    expect(significant('1.000000001')).toBe('1');
    expect(significant('42')).toBe('42');
  });

  it('an ERC-20 transfer names the recipient and the amount in the token symbol; the fee is gas x price in ETH', async () => {
    const call = { to: dusd, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [B, 12_500_000n] }) };
    expect(rowsOf(await callRows(call, env))).toEqual({
      To: dusd,
      Value: '0 ETH',
      Network: 'Hardhat',
      Action: 'Send tokens',
      Recipient: B,
      Amount: '12.5 DUSD',
    });
    const fee = await networkFee([call], DEV_ACCOUNT, env);
    expect(fee).toMatch(/^0\.0+[1-9]\d{0,5} ETH$/);
    // The same call with the gas and fee per gas given: exactly their product.
    expect(await networkFee([{ ...call, gas: 50_000n, feePerGas: 2_000_000_000n }], DEV_ACCOUNT, env)).toBe('0.0001 ETH');
  });

  it('an unlimited approve says so in words; a limited one shows its amount', async () => {
    const unlimited = { to: dusd, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [B, maxUint256] }) };
    expect(rowsOf(await callRows(unlimited, env))).toMatchObject({
      Action: 'Allow spending tokens',
      Spender: B,
      Amount: 'Unlimited: all your DUSD, now and later',
    });
    const limited = { ...unlimited, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [B, 1_000_000n] }) };
    expect(rowsOf(await callRows(limited, env)).Amount).toBe('1 DUSD');
  });

  it('an ERC-721 transferFrom (no decimals) is an NFT transfer with its token id; setApprovalForAll says what it gives', async () => {
    const move = {
      to: nft,
      value: 0n,
      data: encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [DEV_ACCOUNT, B, 2n] }),
    };
    expect(rowsOf(await callRows(move, env))).toMatchObject({ Action: 'Send NFT', From: DEV_ACCOUNT, Recipient: B, 'Token ID': '2' });
    const all = { to: nft, value: 0n, data: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [B, true] }) };
    expect(rowsOf(await callRows(all, env))).toMatchObject({ Action: 'Allow control of all your items in this collection', 'Given to': B });
  });

  it('unknown data shows its length; a call that reverts or an unreachable node leaves the fee unavailable, never an error', async () => {
    const unknown = { to: B, value: 10n ** 18n, data: '0xdeadbeef00' as const };
    expect(rowsOf(await callRows(unknown, env))).toEqual({ To: B, Value: '1 ETH', Network: 'Hardhat', Data: '5 bytes' });
    // B holds no DUSD: the transfer reverts, so its gas cannot be estimated.
    const reverts = { to: dusd, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEV_ACCOUNT, 1n] }) };
    expect(await networkFee([reverts], B, env)).toBe('Network fee unavailable');
    const gone = { ...env, network: { ...env.network, rpcUrl: `http://127.0.0.1:${await freePort()}/` } };
    // (a free port nothing listens on)
    expect(await networkFee([unknown], DEV_ACCOUNT, gone)).toBe('Network fee unavailable');
    // Without the token's answers, the amount is in its smallest units.
    expect(rowsOf(await callRows({ to: dusd, value: 0n, data: reverts.data }, gone)).Amount).toBe('1 (smallest units)');
  });
});
