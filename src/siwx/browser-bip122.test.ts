/**
 * createBrowserSiwx on bip122: BIP-322 simple signatures by real keys (P2WPKH and P2TR, signed
 * by src/wire/bip122/bip322.ts, cross-checked by bip322-js), kept when they verify; another
 * key's signature, a message naming another address, an address of another network and a legacy
 * signature are refused, naming why.
 */
import { NETWORK, p2tr, p2wpkh, TEST_NETWORK } from '@scure/btc-signer';
import { pubECDSA, pubSchnorr } from '@scure/btc-signer/utils.js';
import { Verifier } from 'bip322-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signBip322 } from '../wire/bip122/bip322.js';
import { networks } from '../wire/networks.js';
import { BROWSER_SESSIONS_KEY, createBrowserSiwx } from './browser.js';
import { MapStorage, PAGE, signed, type TestSigner } from './test-utils/signers.js';

const REGTEST_CHAIN = networks.bitcoinRegtest.caipNetworkId;
const MAINNET_CHAIN = networks.bitcoin.caipNetworkId;
const REGTEST = { ...TEST_NETWORK, bech32: 'bcrt' };

function bitcoinSigner(byte: number, kind: 'wpkh' | 'tr' = 'wpkh', net = REGTEST): TestSigner {
  const key = new Uint8Array(32).fill(byte);
  const address = kind === 'wpkh' ? p2wpkh(pubECDSA(key), net).address! : p2tr(pubSchnorr(key), undefined, net).address!;
  return { address, sign: async (text) => signBip322(key, address, text) };
}

let storage: MapStorage;
beforeEach(() => {
  vi.stubGlobal('location', PAGE);
  storage = new MapStorage();
});
afterEach(() => vi.unstubAllGlobals());

describe('createBrowserSiwx on bip122', () => {
  it('keeps a verified P2WPKH session and a P2TR one, the message naming the Bitcoin account', async () => {
    const siwx = createBrowserSiwx({ storage, statement: 'Sign in with Bitcoin' });
    for (const signer of [bitcoinSigner(0x21), bitcoinSigner(0x22, 'tr')]) {
      const message = await siwx.createMessage({ accountAddress: signer.address, chainId: REGTEST_CHAIN });
      expect(message.toString().split('\n').slice(0, 2)).toEqual([
        `${PAGE.host} wants you to sign in with your Bitcoin account:`,
        signer.address,
      ]);
      expect(message.toString()).toContain(`Chain ID: ${REGTEST_CHAIN.slice(7)}`);
      const session = await signed(message, signer);
      expect(Verifier.verifySignature(signer.address, session.message, session.signature)).toBe(true);
      await siwx.addSession(session);
      expect(await siwx.getSessions(REGTEST_CHAIN, signer.address.toUpperCase())).toEqual([session]);
      expect(await siwx.getSessions(MAINNET_CHAIN, signer.address)).toEqual([]);
    }
    expect(JSON.parse(storage.getItem(BROWSER_SESSIONS_KEY)!)).toHaveLength(2);
  });

  it("refuses another key's signature, naming why", async () => {
    const siwx = createBrowserSiwx({ storage });
    const signer = bitcoinSigner(0x23);
    const message = await siwx.createMessage({ accountAddress: signer.address, chainId: REGTEST_CHAIN });
    await expect(siwx.addSession(await signed(message, bitcoinSigner(0x24)))).rejects.toThrow(
      "Invalid signature (the signature's public key is not the address's)",
    );
    const tampered = await signed(message, signer);
    await expect(siwx.addSession({ ...tampered, signature: await signer.sign('another text') })).rejects.toThrow(
      'Invalid signature (the signature does not verify (P2WPKH, BIP-143 sighash))',
    );
    await expect(siwx.addSession({ ...tampered, signature: Buffer.alloc(65, 31).toString('base64') })).rejects.toThrow(
      'Invalid signature (the signature is in the legacy (BIP-137) format, not BIP-322)',
    );
    expect(storage.getItem(BROWSER_SESSIONS_KEY)).toBeNull();
  });

  it("refuses a session whose address is not the message's, and an address of another network", async () => {
    const siwx = createBrowserSiwx({ storage });
    const signer = bitcoinSigner(0x25);
    const session = await signed(await siwx.createMessage({ accountAddress: signer.address, chainId: REGTEST_CHAIN }), signer);
    await expect(siwx.addSession({ ...session, data: { ...session.data, accountAddress: bitcoinSigner(0x26).address } })).rejects.toThrow(
      "The message's address is not the session's",
    );
    const mainnet = bitcoinSigner(0x25, 'wpkh', NETWORK);
    const onRegtest = await signed(await siwx.createMessage({ accountAddress: mainnet.address, chainId: REGTEST_CHAIN }), mainnet);
    await expect(siwx.addSession(onRegtest)).rejects.toThrow(
      `Invalid signature (the address is not of ${REGTEST_CHAIN}: its addresses start with bcrt1)`,
    );
    const tb = bitcoinSigner(0x25, 'wpkh', TEST_NETWORK);
    const onMainnet = await signed(await siwx.createMessage({ accountAddress: tb.address, chainId: MAINNET_CHAIN }), tb);
    await expect(siwx.addSession(onMainnet)).rejects.toThrow(
      /^Invalid signature \(the address is not of bip122:000000000019d6689c085ae165831e93/,
    );
    expect(storage.getItem(BROWSER_SESSIONS_KEY)).toBeNull();
  });
});
