/** The wallet-error mapping every namespace shares (./wallet-errors.ts), on errors as wallets throw them. */
import { describe, expect, it } from 'vitest';
import { ConnectionRejectedError, SignatureDeclinedError, UnauthorizedProviderError, UserRejectedRequestError } from '../core/errors.js';
import { askWallet, connectError, malformed, signError } from './wallet-errors.js';

const thrown = (code: number, message: string) => Object.assign(new Error(message), { code });

describe('wallet errors', () => {
  it("a 4001 is 'Connection rejected' on connect and 'Signature declined' on a signature; other codes keep their type", () => {
    expect(connectError(thrown(4001, 'User rejected the request.'))).toBeInstanceOf(ConnectionRejectedError);
    expect(connectError(thrown(4001, 'no')).code).toBe(4001);
    expect(signError(thrown(4001, 'no'))).toBeInstanceOf(SignatureDeclinedError);
    expect(signError(thrown(4100, 'not authorized'))).toBeInstanceOf(UnauthorizedProviderError);
    expect(connectError(thrown(4100, 'not authorized'))).toBeInstanceOf(UnauthorizedProviderError);
  });

  it('askWallet types what the call throws, by code unless told how, and passes on what it returns', async () => {
    await expect(askWallet(async () => 7)).resolves.toBe(7);
    await expect(
      askWallet(async () => {
        throw thrown(4001, 'no');
      }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError);
    await expect(
      askWallet(async () => {
        throw thrown(4001, 'no');
      }, signError),
    ).rejects.toBeInstanceOf(SignatureDeclinedError);
  });

  it('a malformed reply names the method, with the details', () => {
    expect(malformed('bitcoin:signMessage', 'signature is not bytes')).toMatchObject({
      code: 'MALFORMED_REPLY',
      shortMessage: 'The wallet answered bitcoin:signMessage with a malformed reply',
      details: 'signature is not bytes',
    });
  });
});
