/** The ABI fragments the index and the balance reads use (ERC-20 and ERC-721 metadata, balanceOf). */
import { parseAbi, toEventSelector } from 'viem';

/** topic0 of `Transfer(address,address,uint256)`, shared by ERC-20 (3 topics) and ERC-721 (4 topics). */
export const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');

export const TOKEN_ABI = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenURI(uint256 tokenId) view returns (string)',
]);

/** Some old tokens (MKR, SAI) answer name() and symbol() as bytes32. */
export const BYTES32_ABI = parseAbi(['function name() view returns (bytes32)', 'function symbol() view returns (bytes32)']);

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
