/** A checkout the on-ramp tests store: 1000 wei of ETH on the Hardhat chain for USD 100 (fee 1.50), made at `createdAt`. */
import type { NewSession } from '../src/onramp/sessions.js';

export const onrampSession = (createdAt: number, ttlMs = 60_000): NewSession => ({
  projectId: 'w3kit-dev',
  chainId: 'eip155:31337',
  address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  asset: 'ETH',
  cryptoAmount: '1000',
  fiatTotal: '100.00',
  fiatFee: '1.50',
  fiatCurrency: 'USD',
  createdAt,
  expiresAt: createdAt + ttlMs,
});
