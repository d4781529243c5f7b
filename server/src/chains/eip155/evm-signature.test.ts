/** evmSignatureValid: the EIP-191 signer, or the chain asked; a node that does not answer is a 503 (sign in with X and names share it). */
import { createPublicClient, http, recoverMessageAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { closedPortUrl } from '../../../../src/test-utils/loopback-server.js';
import { HttpError } from '../../errors.js';
import { SECP256K1_N } from './ecdsa-low-s.js';
import { evmSignatureValid } from './evm-signature.js';

const signer = privateKeyToAccount(generatePrivateKey());
const other = privateKeyToAccount(generatePrivateKey());
const message = 'register alice.w3kit.id';

/** Checks `signature` as `signer`'s with no chain to ask; gives the verdict and the lines logged. */
async function checkOffline(signature: `0x${string}`, who: string): Promise<{ valid: boolean; lines: string[] }> {
  const lines: string[] = [];
  const valid = await evmSignatureValid({
    message,
    address: signer.address,
    signature,
    client: undefined,
    log: (l: string) => lines.push(l),
    who,
    node: 'n',
  });
  return { valid, lines };
}

describe('evmSignatureValid', () => {
  it("accepts the address's own personal_sign signature without asking any chain", async () => {
    expect(await checkOffline(await signer.signMessage({ message }), 't')).toEqual({ valid: true, lines: [] });
  });

  it('refuses, saying why, a signature by another key when there is no chain to ask', async () => {
    const { valid, lines } = await checkOffline(await other.signMessage({ message }), 'siwx');
    expect(valid).toBe(false);
    expect(lines[0]).toMatch(/^siwx: 0x[0-9a-fA-F]{40} did not sign \(EIP-191\); no RPC/);
  });

  it("refuses the high-s twin (EIP-2) of the address's own signature, which viem still recovers to it (names share this check)", async () => {
    const good = await signer.signMessage({ message });
    const s = BigInt(`0x${good.slice(66, 130)}`);
    const v = good.slice(130) === '1b' ? '1c' : '1b';
    const high: `0x${string}` = `0x${good.slice(2, 66)}${(SECP256K1_N - s).toString(16).padStart(64, '0')}${v}`;
    expect(await recoverMessageAddress({ message, signature: high })).toBe(signer.address);
    expect(await checkOffline(high, 'names')).toEqual({
      valid: false,
      lines: [`names: a high-s signature for ${signer.address} (EIP-2) is refused`],
    });
  });

  it('answers 503 naming the node, never a refusal, when the chain it must ask does not answer', async () => {
    const signature = await other.signMessage({ message });
    const client = createPublicClient({ transport: http(await closedPortUrl(), { retryCount: 0, timeout: 2000 }) });
    const check = { message, address: signer.address, signature, client, log: () => {}, who: 'siwx', node: 'the RPC of eip155:31337' };
    const err = await evmSignatureValid(check).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 503, message: 'The signature cannot be checked now: the RPC of eip155:31337 does not answer' });
  });
});
