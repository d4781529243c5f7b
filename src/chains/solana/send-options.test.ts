import { describe, expect, it } from 'vitest';
import { WalletRequestError } from '../../core/errors.js';
import { parseSendOptions, PREFLIGHT_COMMITMENTS } from './send-options.js';

describe('Solana send options (spec 5)', () => {
  it('accepts each option of spec 5 and nothing at all', () => {
    expect(parseSendOptions(undefined)).toEqual({});
    expect(parseSendOptions({ skipPreflight: true, preflightCommitment: 'singleGossip', maxRetries: 0, minContextSlot: 12 })).toEqual({
      skipPreflight: true,
      preflightCommitment: 'singleGossip',
      maxRetries: 0,
      minContextSlot: 12,
    });
    for (const c of PREFLIGHT_COMMITMENTS) expect(parseSendOptions({ preflightCommitment: c })).toEqual({ preflightCommitment: c });
    expect(PREFLIGHT_COMMITMENTS).toEqual(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max']);
  });

  it.each([
    ['skipPreflight', { skipPreflight: 'yes' }],
    ['preflightCommitment', { preflightCommitment: 'final' }],
    ['preflightCommitment', { preflightCommitment: 1 }],
    ['maxRetries', { maxRetries: -1 }],
    ['maxRetries', { maxRetries: 1.5 }],
    ['maxRetries', { maxRetries: '3' }],
    ['minContextSlot', { minContextSlot: Number.NaN }],
    ['minContextSlot', { minContextSlot: 2 ** 60 }],
    ['commitment', { commitment: 'confirmed' }],
    ['options', 'fast'],
    ['options', [1]],
  ])('a bad %s is a typed error naming it', (option, options) => {
    let caught: unknown;
    try {
      parseSendOptions(options);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(WalletRequestError);
    expect(caught).toMatchObject({ option, code: 'INVALID_SEND_OPTION', messageCode: 'InvalidInput' });
    expect((caught as Error).message).toContain(`"${option}"`);
  });
});
