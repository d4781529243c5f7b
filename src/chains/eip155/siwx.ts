/** eip155's Sign in with X message: EIP-4361 through viem's createSiweMessage, the address checksummed. */
import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { SiwxError } from '../../siwx/errors.js';
import type { SiwxCodec } from '../siwx-codec.js';

export const eip155Siwx: SiwxCodec = {
  format({ chainReference, address, statement, ...rest }) {
    const chainId = Number(chainReference);
    if (!/^\d+$/.test(chainReference) || !Number.isSafeInteger(chainId))
      throw new SiwxError(`"${chainReference}" is not an eip155 chain id`);
    const checksummed = getAddress(address);
    const text = createSiweMessage({ ...rest, address: checksummed, chainId, ...(statement ? { statement } : {}) });
    return { text, address: checksummed };
  },
  sameAccount: (a, b) => a.toLowerCase() === b.toLowerCase(),
};
