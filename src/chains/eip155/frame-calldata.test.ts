import { encodeFunctionData, erc20Abi, erc721Abi, parseAbi, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodeKnownCall } from './frame-calldata.js';

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const erc1155 = parseAbi(['function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)']);

describe('transaction data decoded where the ABI is known', () => {
  it('ERC-20 transfer, approve and transferFrom, with checksummed addresses', () => {
    expect(
      decodeKnownCall(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [A.toLowerCase() as Hex, 12_500_000n] })),
    ).toEqual({
      kind: 'transfer',
      to: A,
      amount: 12_500_000n,
    });
    expect(decodeKnownCall(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [B, 2n ** 256n - 1n] }))).toEqual({
      kind: 'approve',
      spender: B,
      amount: 2n ** 256n - 1n,
    });
    expect(decodeKnownCall(encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [A, B, 5n] }))).toEqual({
      kind: 'transfer',
      from: A,
      to: B,
      amount: 5n,
    });
  });

  it('ERC-721 safeTransferFrom (with and without data), ERC-1155 safeTransferFrom and setApprovalForAll', () => {
    expect(decodeKnownCall(encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [A, B, 7n] }))).toEqual({
      kind: 'nftTransfer',
      from: A,
      to: B,
      tokenId: 7n,
    });
    expect(decodeKnownCall(encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [A, B, 7n, '0xbeef'] }))).toEqual({
      kind: 'nftTransfer',
      from: A,
      to: B,
      tokenId: 7n,
    });
    expect(decodeKnownCall(encodeFunctionData({ abi: erc1155, functionName: 'safeTransferFrom', args: [A, B, 3n, 40n, '0x'] }))).toEqual({
      kind: 'nftTransfer',
      from: A,
      to: B,
      tokenId: 3n,
      amount: 40n,
    });
    expect(decodeKnownCall(encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [B, true] }))).toEqual({
      kind: 'approveAll',
      operator: B,
      approved: true,
    });
    expect(decodeKnownCall(encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [B, false] }))).toMatchObject({
      approved: false,
    });
  });

  it('unknown or malformed data is not decoded', () => {
    expect(decodeKnownCall(undefined)).toBeUndefined();
    expect(decodeKnownCall('0x')).toBeUndefined();
    expect(decodeKnownCall('0x1234')).toBeUndefined();
    // An unknown selector, and a known one (transfer) with its arguments cut short.
    expect(decodeKnownCall('0xdeadbeef0000000000000000000000000000000000000000000000000000000000000001')).toBeUndefined();
    expect(
      decodeKnownCall(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [A, 1n] }).slice(0, 40) as Hex),
    ).toBeUndefined();
  });
});
