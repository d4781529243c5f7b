import { describe, expect, it } from 'vitest';
import { networks } from '../wire/networks.js';
import { sessionAccounts } from './walletconnect-accounts.js';

const SOL_A = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW';
const SOL_B = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const EVM_A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const LOCAL = networks.solanaLocal.caipNetworkId;
const DEVNET = networks.solanaDevnet.caipNetworkId;

describe('sessionAccounts', () => {
  it('gives each namespace its chain reference and addresses, in the wallet order, without repeats', () => {
    const out = sessionAccounts({
      namespaces: {
        eip155: { accounts: [`eip155:31337:${EVM_A}`, `eip155:1:${EVM_A}`, `eip155:31337:${EVM_A}`] },
        solana: { accounts: [`${LOCAL}:${SOL_B}`, `${LOCAL}:${SOL_A}`, `${DEVNET}:${SOL_A}`] },
      },
    });
    expect(out).toEqual({
      eip155: { chainId: '31337', accounts: [EVM_A] },
      solana: { chainId: LOCAL.slice(7), accounts: [SOL_B, SOL_A] },
    });
  });

  it('prefers the given chains when the session holds accounts on them', () => {
    const session = { namespaces: { solana: { accounts: [`${LOCAL}:${SOL_B}`, `${DEVNET}:${SOL_A}`] } } };
    expect(sessionAccounts(session, [DEVNET])['solana']).toEqual({ chainId: DEVNET.slice(7), accounts: [SOL_A] });
    expect(sessionAccounts(session, ['solana:unknownunknownunknownunknown12'])['solana']?.chainId).toBe(LOCAL.slice(7));
  });

  it('drops bad entries: malformed CAIP-10, namespaces not of the CAIP-2 form, bad references and addresses', () => {
    const tooShort = '1111111111111111111111111111111'; // 31 characters
    const notThirtyTwoBytes = '1'.repeat(44); // 44 base58 characters that decode to 44 zero bytes
    const out = sessionAccounts({
      namespaces: {
        solana: {
          accounts: [
            `${LOCAL}:${tooShort}`,
            `${LOCAL}:${notThirtyTwoBytes}`,
            `${LOCAL}:0OIl${SOL_A.slice(4)}`,
            `solana:short:${SOL_A}`,
            `${LOCAL}:${SOL_A}:extra`,
            `${LOCAL}:${SOL_A}`,
          ],
        },
        eip155: { accounts: ['eip155:0:0x0000000000000000000000000000000000000001', 'eip155:1:0x1234', 42, null] },
        'made-up': { accounts: [`MadeUp:1:${SOL_A}`] },
        broken: { accounts: 'not a list' },
      },
    });
    expect(out).toEqual({ solana: { chainId: LOCAL.slice(7), accounts: [SOL_A] } });
  });

  it('is bounded: only the first 256 entries of a namespace, at most 32 addresses per chain', () => {
    const evm = Array.from({ length: 300 }, (_, i) => `eip155:1:0x${(i + 1).toString(16).padStart(40, '0')}`);
    const out = sessionAccounts({ namespaces: { eip155: { accounts: evm } } });
    expect(out['eip155']?.accounts).toHaveLength(32);
    const late = sessionAccounts({ namespaces: { eip155: { accounts: [...Array(256).fill('junk'), `eip155:1:${EVM_A}`] } } });
    expect(late).toEqual({});
  });

  it('reads bip122 accounts: a genesis-hash reference and a Bitcoin address with a valid checksum', () => {
    const REGTEST = networks.bitcoinRegtest.caipNetworkId;
    const payment = 'bcrt1ql3e9pgs3mmwuwrh95fecme0s0qtn2880hlwwpw';
    const broken = `${payment.slice(0, -1)}${payment.endsWith('w') ? 'x' : 'w'}`;
    const out = sessionAccounts({
      namespaces: {
        bip122: {
          accounts: [
            `${REGTEST}:${broken}`,
            `bip122:0F9188F13CB7B2C71F2A335E3A4FC328:${payment}`,
            `${REGTEST}:${payment}`,
            `${REGTEST}:0xabc`,
          ],
        },
      },
    });
    expect(out).toEqual({ bip122: { chainId: REGTEST.slice(7), accounts: [payment] } });
  });
});
