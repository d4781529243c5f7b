import { describe, expect, it } from 'vitest';
import { addressGroups } from './address-groups.js';

describe('addressGroups', () => {
  it('splits an EVM address into 0x and ten groups of 4, which join back to the address', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    const groups = addressGroups(address);
    expect(groups).toEqual(['0x', 'f39F', 'd6e5', '1aad', '88F6', 'F4ce', '6aB8', '8272', '79cf', 'fFb9', '2266']);
    expect(groups.join('')).toBe(address);
  });

  it('splits a Solana address into groups of 4 from its start', () => {
    const address = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
    const groups = addressGroups(address);
    expect(groups.slice(0, 3)).toEqual(['7EcD', 'hSYG', 'xXys']);
    expect(groups.at(-1)).toBe('LtV');
    expect(groups.slice(0, -1).every((g) => g.length === 4)).toBe(true);
    expect(groups.join('')).toBe(address);
  });
});
