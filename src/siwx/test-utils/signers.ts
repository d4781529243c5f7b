/** Test signers and storage for the w3kit/siwx tests: real viem and ed25519 keys, a Map-backed Storage. */
import { ed25519 } from '@noble/curves/ed25519';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { SIWXMessage, SIWXSession } from '../../core/siwx.js';
import { base58Encode } from '../../wire/base58.js';

export const PAGE = { host: 'localhost:5173', origin: 'http://localhost:5173' };

/** A Storage over a Map, the three methods the implementations use. */
export class MapStorage {
  readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
}

export interface TestSigner {
  address: string;
  sign(text: string): Promise<string>;
}

export function evmSigner(): TestSigner & { account: ReturnType<typeof privateKeyToAccount> } {
  const account = privateKeyToAccount(generatePrivateKey());
  return { account, address: account.address, sign: (text) => account.signMessage({ message: text }) };
}

export function solanaSigner(): TestSigner {
  const secret = ed25519.utils.randomPrivateKey();
  return {
    address: base58Encode(ed25519.getPublicKey(secret)),
    sign: (text) => Promise.resolve(base58Encode(ed25519.sign(new TextEncoder().encode(text), secret))),
  };
}

/** What the modal does: the wallet signs `message.toString()`, the session carries the message's data. */
export async function signed(message: SIWXMessage, signer: Pick<TestSigner, 'sign'>): Promise<SIWXSession> {
  const { toString: _text, ...data } = message;
  const text = message.toString();
  return { data, message: text, signature: await signer.sign(text) };
}
