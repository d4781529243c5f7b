/**
 * Test helpers of the passkey and device tests: an e-mail login through the real mails (a new
 * account's code at once, a known account's new device through its approval mail first: either
 * session is device-verified), and a key registration with real proofs.
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { keyRegistrationMessage } from '../../src/wire/auth-api.js';
import { base58Encode } from '../../src/wire/base58.js';
import { codeOf, linkOf, type AuthHarness } from './auth-harness.js';

export const testShare = (x: number) => Buffer.concat([Buffer.from([x]), randomBytes(32)]).toString('base64url');

export interface TestSession {
  token: string;
  user: { id: string };
  deviceVerified: boolean;
}

/** Logs `email` in on `deviceId` (approving the device through its mail when the account asks for it). */
export async function emailLogin(h: AuthHarness, email: string, deviceId: string, headers?: Record<string, string>): Promise<TestSession> {
  const start = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email, deviceId }, undefined, headers);
  if (start.status !== 200) throw new Error(`email/start answered ${start.status}: ${JSON.stringify(start.body)}`);
  let before = h.server.mails().length - 1;
  if (start.body.action === 'VERIFY_DEVICE') {
    const token = new URL(linkOf(await h.mailTo(email, before))).searchParams.get('token')!;
    before = h.server.mails().length;
    await fetch(`${h.server.frameUrl}/auth/v1/device/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    });
  }
  const code = codeOf(await h.mailTo(email, before));
  const { body } = await h.call('POST', '/email/verify', { loginId: start.body.loginId, otp: code }, undefined, headers);
  return body as TestSession;
}

/** A key registration body for `userId`: fresh keys signing the registration message, random shares. */
export async function testKeys(userId: string) {
  const evm = privateKeyToAccount(generatePrivateKey());
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const message = keyRegistrationMessage(userId);
  return {
    evmAddress: evm.address,
    solanaAddress: base58Encode(raw),
    serverShare: testShare(2),
    recoveryShare: testShare(3),
    evmSignature: await evm.signMessage({ message }),
    solanaSignature: base58Encode(sign(null, Buffer.from(message), privateKey)),
  };
}

/** Registers fresh keys for the session's user; returns the recovery share it registered. */
export async function registerTestKeys(h: AuthHarness, session: TestSession): Promise<{ recoveryShare: string }> {
  const keys = await testKeys(session.user.id);
  const res = await h.call('POST', '/keys', keys, session.token);
  if (res.status !== 200) throw new Error(`keys answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { recoveryShare: keys.recoveryShare };
}
