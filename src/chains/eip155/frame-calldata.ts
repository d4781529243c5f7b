/**
 * A transaction's data decoded where the ABI is known: ERC-20 transfer, approve and transferFrom
 * (approve and transferFrom share their selectors with ERC-721's), ERC-721 and ERC-1155
 * safeTransferFrom, setApprovalForAll. Anything else (or data that does not decode) is unknown:
 * the screen shows its length.
 */
import { decodeFunctionData, getAddress, type Abi, type Hex } from 'viem';

const address = (name: string) => ({ name, type: 'address' }) as const;
const uint = (name: string) => ({ name, type: 'uint256' }) as const;
const fn = (name: string, inputs: readonly { name: string; type: string }[]) =>
  ({ type: 'function', name, stateMutability: 'nonpayable', inputs, outputs: [] }) as const;

export const KNOWN_CALLS_ABI = [
  fn('transfer', [address('to'), uint('amount')]),
  fn('approve', [address('spender'), uint('amount')]),
  fn('transferFrom', [address('from'), address('to'), uint('amount')]),
  fn('safeTransferFrom', [address('from'), address('to'), uint('tokenId')]),
  fn('safeTransferFrom', [address('from'), address('to'), uint('tokenId'), { name: 'data', type: 'bytes' }]),
  fn('safeTransferFrom', [address('from'), address('to'), uint('id'), uint('amount'), { name: 'data', type: 'bytes' }]),
  fn('setApprovalForAll', [address('operator'), { name: 'approved', type: 'bool' }]),
] as const satisfies Abi;

/** A decoded call: what it does, with its addresses checksummed. */
export type KnownCall =
  | { kind: 'transfer'; from?: string; to: string; amount: bigint }
  | { kind: 'approve'; spender: string; amount: bigint }
  | { kind: 'nftTransfer'; from: string; to: string; tokenId: bigint; amount?: bigint }
  | { kind: 'approveAll'; operator: string; approved: boolean };

/** The call `data` makes, when its ABI is one of the known ones; undefined otherwise. */
export function decodeKnownCall(data: Hex | undefined): KnownCall | undefined {
  if (!data || data.length < 10) return undefined;
  let decoded;
  try {
    decoded = decodeFunctionData({ abi: KNOWN_CALLS_ABI, data });
  } catch {
    return undefined;
  }
  const args = decoded.args as readonly unknown[];
  const a = (i: number) => getAddress(args[i] as string);
  const n = (i: number) => args[i] as bigint;
  switch (decoded.functionName) {
    case 'transfer':
      return { kind: 'transfer', to: a(0), amount: n(1) };
    case 'approve':
      return { kind: 'approve', spender: a(0), amount: n(1) };
    case 'transferFrom':
      return { kind: 'transfer', from: a(0), to: a(1), amount: n(2) };
    case 'safeTransferFrom':
      return args.length === 5
        ? { kind: 'nftTransfer', from: a(0), to: a(1), tokenId: n(2), amount: n(3) }
        : { kind: 'nftTransfer', from: a(0), to: a(1), tokenId: n(2) };
    case 'setApprovalForAll':
      return { kind: 'approveAll', operator: a(0), approved: args[1] as boolean };
    default:
      return undefined;
  }
}
