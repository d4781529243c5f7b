import { describe, expect, it } from 'vitest';
import { networks } from '../wire/networks.js';
import { transactionLink } from './explorer.js';

const HASH = `0x${'ab'.repeat(32)}`;

describe('transactionLink', () => {
  it("gives the explorer's transaction page where the network has an explorer", () => {
    expect(transactionLink(networks.mainnet, HASH)).toEqual({ name: 'Etherscan', href: `https://etherscan.io/tx/${HASH}` });
    expect(transactionLink({ blockExplorers: { default: { name: 'X', url: 'https://x.example/' } } }, HASH)?.href).toBe(
      `https://x.example/tx/${HASH}`,
    );
  });

  it('gives nothing without an explorer, for a bad hash or a non-http explorer', () => {
    expect(transactionLink(networks.localhost, HASH)).toBeUndefined();
    expect(transactionLink(undefined, HASH)).toBeUndefined();
    expect(transactionLink(networks.mainnet, '0x1234')).toBeUndefined();
    expect(transactionLink({ blockExplorers: { default: { name: 'X', url: 'javascript:alert(1)' } } }, HASH)).toBeUndefined();
  });
});
