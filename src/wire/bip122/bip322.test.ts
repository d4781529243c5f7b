/**
 * BIP-322 simple signatures: our code against BIP-322's own test vectors (message hashes,
 * to_spend and to_sign txids, the P2WPKH and P2TR signatures of its key) and against bip322-js,
 * the reference: what it signs we verify, what we sign it verifies, and what it refuses (a
 * wrong address, a tampered message, a legacy BIP-137 signature, strictly) we refuse, saying why.
 */
import { Signer, Verifier } from 'bip322-js';
import { describe, expect, it } from 'vitest';
import { p2pkh, p2tr, p2wpkh, TEST_NETWORK } from '@scure/btc-signer';
import { pubECDSA, pubSchnorr, sha256x2 } from '@scure/btc-signer/utils.js';
import { bip322Address, bip322MessageHash, bip322ToSign, bip322ToSpendTxid, signBip322, verifyBip322 } from './bip322.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
/** BIP-322's test key (WIF L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k) and its addresses. */
const WIF = 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k';
const KEY = Buffer.from('bb051cd0dda0246f33c5a9e133ebd8e7bc02a92af6c41adc131ccd7826c5b004', 'hex');
const WPKH = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
const TR = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3';
const LEGACY = p2pkh(pubECDSA(KEY)).address!;
/** Another key's P2WPKH address (the `wrong address` case). */
const OTHER_WPKH = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

describe('BIP-322 test vectors', () => {
  it('hashes messages with the BIP0322-signed-message tag', () => {
    expect(hex(bip322MessageHash(''))).toBe('c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1');
    expect(hex(bip322MessageHash('Hello World'))).toBe('f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a');
  });

  it('builds to_spend and to_sign with the txids of the BIP', () => {
    const { script } = bip322Address(WPKH)!;
    expect(bip322ToSpendTxid(script, '')).toBe('c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7');
    expect(bip322ToSpendTxid(script, 'Hello World')).toBe('b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b');
    const unsignedId = (message: string) => hex(sha256x2(bip322ToSign(script, message).toBytes(true, false)).reverse());
    expect(unsignedId('')).toBe('1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6');
    expect(unsignedId('Hello World')).toBe('88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf');
  });

  it("verifies the BIP's P2WPKH and P2TR signatures, and refuses them for another message", () => {
    const empty =
      'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=';
    const hello =
      'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=';
    const trHello = 'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==';
    expect(verifyBip322(WPKH, '', empty)).toEqual({ valid: true });
    expect(verifyBip322(WPKH, 'Hello World', hello)).toEqual({ valid: true });
    expect(verifyBip322(TR, 'Hello World', trHello)).toEqual({ valid: true });
    expect(verifyBip322(WPKH, 'Hello World', empty)).toEqual({
      valid: false,
      reason: 'the signature does not verify (P2WPKH, BIP-143 sighash)',
    });
    expect(verifyBip322(TR, 'Hello', trHello)).toEqual({
      valid: false,
      reason: 'the signature does not verify (P2TR key path, BIP-341 sighash)',
    });
  });
});

describe('BIP-322 against bip322-js', () => {
  const message = 'localhost wants you to sign in with your Bitcoin account';

  it('verifies what bip322-js signs, and bip322-js verifies what we sign (P2WPKH and P2TR)', () => {
    for (const address of [WPKH, TR]) {
      const theirs = Signer.sign(WIF, address, message);
      expect(verifyBip322(address, message, theirs)).toEqual({ valid: true });
      const ours = signBip322(KEY, address, message);
      expect(Verifier.verifySignature(address, message, ours, true)).toBe(true);
      expect(verifyBip322(address, message, ours)).toEqual({ valid: true });
    }
  });

  it('refuses, as bip322-js does, a wrong address, a tampered message and a legacy signature', () => {
    for (const address of [WPKH, TR]) {
      const signature = Signer.sign(WIF, address, message);
      const other = address === WPKH ? OTHER_WPKH : 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr';
      expect(Verifier.verifySignature(other, message, signature, true)).toBe(false);
      expect(verifyBip322(other, message, signature).valid).toBe(false);
      expect(Verifier.verifySignature(address, `${message}!`, signature, true)).toBe(false);
      expect(verifyBip322(address, `${message}!`, signature).valid).toBe(false);
    }
    const legacy = Signer.sign(WIF, LEGACY, message);
    expect(Verifier.verifySignature(WPKH, message, legacy, true)).toBe(false);
    expect(verifyBip322(WPKH, message, legacy)).toEqual({
      valid: false,
      reason: 'the signature is in the legacy (BIP-137) format, not BIP-322',
    });
  });

  it('refuses legacy addresses, non-base64 and truncated signatures, naming what is wrong', () => {
    const signature = Signer.sign(WIF, WPKH, message);
    expect(verifyBip322(LEGACY, message, signature)).toEqual({
      valid: false,
      reason: 'the address is not a P2WPKH or P2TR (bech32) address',
    });
    expect(verifyBip322(WPKH, message, 'not base64!')).toEqual({ valid: false, reason: 'the signature is not base64' });
    expect(verifyBip322(WPKH, message, signature.slice(0, 40))).toMatchObject({ valid: false });
    const tr = Signer.sign(WIF, TR, message);
    expect(verifyBip322(WPKH, message, tr)).toEqual({
      valid: false,
      reason: 'a P2WPKH signature is a witness of a signature and a public key',
    });
  });

  it('takes regtest addresses (the local chain) and signs and verifies for them', () => {
    const key = Buffer.from('11'.repeat(32), 'hex');
    const regtest = { ...TEST_NETWORK, bech32: 'bcrt' };
    const addresses = [p2wpkh(pubECDSA(KEY), regtest).address!, p2tr(pubSchnorr(KEY), undefined, regtest).address!];
    expect(addresses.map((a) => bip322Address(a)?.type)).toEqual(['wpkh', 'tr']);
    for (const address of addresses) {
      expect(() => signBip322(key, address, message)).toThrow(/not this key's address/);
      expect(verifyBip322(address, message, signBip322(KEY, address, message))).toEqual({ valid: true });
    }
  });
});
