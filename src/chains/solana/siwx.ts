/** Solana's Sign in with X message: CAIP-122 (`formatCaip122`), the SIWE layout. */
import { formatCaip122 } from '../../wire/caip122.js';
import type { SiwxCodec } from '../siwx-codec.js';

export const solanaSiwx: SiwxCodec = {
  format: ({ issuedAt, expirationTime, statement, ...rest }) => ({
    text: formatCaip122({
      namespace: 'solana',
      ...rest,
      issuedAt: issuedAt.toISOString(),
      expirationTime: expirationTime.toISOString(),
      ...(statement ? { statement } : {}),
    }),
    address: rest.address,
  }),
  sameAccount: (a, b) => a === b,
};
