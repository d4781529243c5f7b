/**
 * The local Hardhat chain's seeded prices (`--seed`): ETH 3000, and 1 for DUSD and DUSDT at
 * their fresh-chain addresses (scripts/lib/contracts.mjs). The first is the example the price
 * CLI's help shows.
 */
export const DEV_PRICES: readonly { chainId: string; token: string; usd: number }[] = [
  { chainId: 'eip155:31337', token: 'native', usd: 3000 },
  { chainId: 'eip155:31337', token: '0x5fbdb2315678afecb367f032d93f642f64180aa3', usd: 1 },
  { chainId: 'eip155:31337', token: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512', usd: 1 },
];
