/** Tests only: what an app's legacy `siweConfig.createMessage` returns, built by viem from the adapter's args. */
import { createSiweMessage } from 'viem/siwe';
import type { SIWEMessageArgs } from '../core/siwx.js';

export function legacySiweText(args: SIWEMessageArgs): string {
  const [, chain, address] = args.address.split(':');
  return createSiweMessage({
    address: address as `0x${string}`,
    chainId: Number(chain),
    domain: args.domain,
    uri: args.uri,
    version: '1',
    nonce: args.nonce,
    issuedAt: new Date(args.iat),
    ...(args.statement ? { statement: args.statement } : {}),
    ...(args.exp ? { expirationTime: new Date(args.exp) } : {}),
  });
}
