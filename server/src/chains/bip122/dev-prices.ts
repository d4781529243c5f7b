/** The local Bitcoin development chain's seeded price (`--seed`): BTC 90000 on regtest. */
export const BIP122_DEV_PRICES: readonly { chainId: string; token: string; usd: number }[] = [
  { chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', token: 'native', usd: 90_000 },
];
