/** The sandbox on-ramp's key setting: `--onramp-key` and W3KIT_ONRAMP_KEY, checked as a private key. */
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../config.js';
import { createPayout, DEFAULT_ONRAMP_KEY, PayoutError } from './payout.js';

const KEY = `0x${'ab'.repeat(32)}`;

describe('--onramp-key', () => {
  it('is read from the flag, then W3KIT_ONRAMP_KEY, and absent by default', () => {
    expect(resolveConfig({ 'onramp-key': KEY }, {}).onrampKey).toBe(KEY);
    expect(resolveConfig({}, { W3KIT_ONRAMP_KEY: KEY }).onrampKey).toBe(KEY);
    expect(resolveConfig({}, {}).onrampKey).toBeUndefined();
  });

  it('refuses a value that is not a private key, naming the flag or variable', () => {
    // The key is a secret: the error names the flag or variable and the rule, never the value (issue 28).
    expect(() => resolveConfig({ 'onramp-key': '0x1234' }, {})).toThrow(
      'Invalid --onramp-key (the value is not shown): must be a private key: 0x and 64 hex characters',
    );
    expect(() => resolveConfig({}, { W3KIT_ONRAMP_KEY: 'secret' })).toThrow('Invalid W3KIT_ONRAMP_KEY (the value is not shown)');
    expect(() => resolveConfig({}, { W3KIT_ONRAMP_KEY: 'secret' })).not.toThrow(/secret/);
  });

  it("pays from Hardhat's dev account 19 by default and refuses a malformed key", () => {
    expect(createPayout('http://127.0.0.1:1').address).toBe('0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199');
    expect(DEFAULT_ONRAMP_KEY).toHaveLength(66);
    expect(() => createPayout('http://127.0.0.1:1', '0x12')).toThrow(PayoutError);
  });
});
