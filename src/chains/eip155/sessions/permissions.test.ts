import { describe, expect, it } from 'vitest';
import { decodeSessionContext, encodeSessionContext } from './context.js';
import { parseGrantRequest, PermissionsRequestError } from './permissions.js';

const NOW = 1_800_000_000;
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const COUNTER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

const valid = () => ({
  chainId: '0x7a69',
  expiry: NOW + 3600,
  permissions: [
    { type: 'native-token-recurring-allowance', data: { allowance: '0x2386f26fc10000', start: NOW, period: 86_400 } },
    { type: 'erc20-recurring-allowance', data: { token: TOKEN, allowance: '0xf4240', start: NOW, period: 86_400 } },
    { type: 'contract-call', data: { address: COUNTER, functions: ['function increment()', 'setNumber(uint256)'] } },
  ],
  policies: [],
});

const refusal = (mutate: (r: ReturnType<typeof valid> & Record<string, unknown>) => void) => {
  const request = valid() as ReturnType<typeof valid> & Record<string, unknown>;
  mutate(request);
  try {
    parseGrantRequest(request, NOW);
  } catch (err) {
    expect(err).toBeInstanceOf(PermissionsRequestError);
    return (err as Error).message;
  }
  throw new Error('accepted');
};

describe('wallet_grantPermissions requests', () => {
  it('parses the three permission types, with the functions compiled to selectors', () => {
    const parsed = parseGrantRequest(valid(), NOW);
    expect(parsed).toEqual({
      chainId: 31337,
      expiry: NOW + 3600,
      permissions: [
        { type: 'native-token-recurring-allowance', allowance: 10n ** 16n, start: NOW, period: 86_400 },
        {
          type: 'erc20-recurring-allowance',
          token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          allowance: 1_000_000n,
          start: NOW,
          period: 86_400,
        },
        {
          type: 'contract-call',
          address: COUNTER,
          functions: ['increment()', 'setNumber(uint256)'],
          selectors: ['0xd09de08a', '0x3fb5c1cb'],
        },
      ],
    });
  });

  it('names the field of each malformed request', () => {
    expect(refusal((r) => (r.chainId = '31337'))).toBe('chainId: must be a hex chain id (0x…)');
    expect(refusal((r) => (r.expiry = NOW - 1))).toBe(`expiry: must be a whole number of seconds from ${NOW + 1} to ${NOW + 31_536_000}`);
    expect(refusal((r) => (r.address = '0x12'))).toBe('address: must be an address (0x and 40 hex characters)');
    expect(refusal((r) => (r.signer = { type: 'key', data: {} }))).toBe("signer.type: must be 'wallet' or 'account'");
    expect(refusal((r) => (r.permissions = []))).toBe('permissions: must list 1 to 16 permissions');
    expect(refusal((r) => ((r.permissions[1]!.data as Record<string, unknown>).token = 'dai'))).toBe(
      'permissions[1].data.token: must be an address (0x and 40 hex characters)',
    );
    expect(refusal((r) => ((r.permissions[0]!.data as Record<string, unknown>).allowance = '100'))).toBe(
      'permissions[0].data.allowance: must be a hex quantity (0x…) of at most 128 bits',
    );
    expect(refusal((r) => ((r.permissions[0]!.data as Record<string, unknown>).period = 0))).toBe(
      'permissions[0].data.period: must be a whole number of seconds from 1 to 31536000',
    );
    expect(refusal((r) => ((r.permissions[2]!.data as Record<string, unknown>).functions = ['increment'] as never))).toBe(
      "permissions[2].data.functions[0]: must be a function signature such as 'transfer(address,uint256)'",
    );
    expect(refusal((r) => (r.permissions[2]!.type = 'erc721-allowance'))).toBe(
      "permissions[2].type: must be 'native-token-recurring-allowance', 'erc20-recurring-allowance' or 'contract-call'",
    );
    expect(refusal((r) => (r.permissions[2]!.data = null as never))).toBe('permissions[2].data: must be an object');
    expect(refusal((r) => (r.policies = [{ type: 'gas-limit' }] as never))).toBe(
      'policies: no policies are supported: send an empty list or none',
    );
    expect(refusal((r) => r.permissions.splice(2, 1))).toBe(
      'permissions: a native-token-recurring-allowance needs a contract-call to spend it with',
    );
  });

  it('round-trips the permissions context and refuses what is not one', () => {
    const context = {
      roles: COUNTER,
      roleKey: `0x${'ab'.repeat(32)}`,
      sessionAccount: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    } as const;
    expect(decodeSessionContext(encodeSessionContext(context))).toEqual(context);
    expect(() => decodeSessionContext('0x02')).toThrow('permissionsContext: not a w3kit session context');
  });
});
