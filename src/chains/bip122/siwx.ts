/**
 * Bitcoin's Sign in with X message: CAIP-122 (`formatCaip122`, account type `Bitcoin`) with the
 * genesis-hash reference (32 lower-case hex digits) and the payment address, written in lower
 * case (bech32); a bech32 address is the same account in either case.
 */
import { SiwxError } from '../../siwx/errors.js';
import { formatCaip122 } from '../../wire/caip122.js';
import type { SiwxCodec } from '../siwx-codec.js';

export const bip122Siwx: SiwxCodec = {
  format: ({ issuedAt, expirationTime, statement, chainReference, address, ...rest }) => {
    if (!/^[0-9a-f]{32}$/.test(chainReference)) throw new SiwxError(`"${chainReference}" is not a bip122 chain reference`);
    const lower = address.toLowerCase();
    const text = formatCaip122({
      namespace: 'bip122',
      ...rest,
      chainReference,
      address: lower,
      issuedAt: issuedAt.toISOString(),
      expirationTime: expirationTime.toISOString(),
      ...(statement ? { statement } : {}),
    });
    return { text, address: lower };
  },
  sameAccount: (a, b) => a.toLowerCase() === b.toLowerCase(),
};
