/** Blockchain API replies for tests (the wire format of src/wire/blockchain-api.ts). */
import type { Nft, TokenBalance, Transaction } from '../wire/blockchain-api.js';

export const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const CHAIN = 'eip155:31337';

export function token(overrides: Partial<TokenBalance> & Pick<TokenBalance, 'symbol'>): TokenBalance {
  return {
    name: overrides.symbol,
    chainId: CHAIN,
    value: 0,
    price: 0,
    quantity: { decimals: '18', numeric: '0' },
    iconUrl: 'https://icons.example/t.png',
    ...overrides,
  };
}

export const BALANCES: TokenBalance[] = [
  token({ name: 'Ether', symbol: 'ETH', value: 30000, price: 3000, quantity: { decimals: '18', numeric: '10' } }),
  token({
    name: 'Demo USD',
    symbol: 'DUSD',
    address: `${CHAIN}:${DUSD}`,
    value: 999.5,
    price: 1,
    quantity: { decimals: '18', numeric: '999.5' },
  }),
  token({
    name: 'Points',
    symbol: 'PTS',
    address: `${CHAIN}:0x00000000000000000000000000000000000000aa`,
    quantity: { decimals: '0', numeric: '5' },
  }),
  token({
    name: 'Other chain',
    symbol: 'OTH',
    chainId: 'eip155:1',
    address: 'eip155:1:0x00000000000000000000000000000000000000bb',
    value: 5,
  }),
];

export function transaction(
  id: string,
  overrides: { minedAt?: string; chain?: string; spam?: boolean; direction?: 'in' | 'out'; hash?: string } = {},
): Transaction {
  const nft = overrides.spam !== undefined;
  return {
    id,
    metadata: {
      operationType: overrides.direction === 'in' ? 'receive' : 'send',
      hash: overrides.hash ?? `0x${id.padStart(64, '0')}`,
      minedAt: overrides.minedAt ?? new Date().toISOString(),
      sentFrom: ACCOUNT,
      sentTo: RECEIVER,
      status: 'confirmed',
      nonce: 1,
      chain: overrides.chain ?? CHAIN,
    },
    transfers: [
      nft
        ? {
            nft_info: {
              name: `NFT ${id}`,
              content: { preview: { url: 'https://icons.example/nft.png' } },
              flags: { is_spam: overrides.spam === true },
            },
            direction: overrides.direction ?? 'in',
            quantity: { numeric: '1' },
            value: 0,
            price: 0,
          }
        : {
            fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'https://icons.example/eth.png' } },
            direction: overrides.direction ?? 'out',
            quantity: { numeric: '1.23456' },
            value: 3703.68,
            price: 3000,
          },
    ],
  };
}

export const NFTS: Nft[] = [
  {
    contract: '0x00000000000000000000000000000000000000cc',
    tokenId: '1',
    name: 'Demo #1',
    imageUrl: 'https://icons.example/1.png',
    collection: 'Demo',
    spam: false,
  },
  {
    contract: '0x00000000000000000000000000000000000000dd',
    tokenId: '7',
    name: 'Free money',
    imageUrl: 'https://icons.example/s.png',
    collection: 'Spam',
    spam: true,
  },
];
