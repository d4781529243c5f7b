/**
 * ed25519 checks of what a wallet signed, with WebCrypto (Chrome 137+, Firefox 129+, Safari 17+,
 * Node 20): no extra library in the bundle. Where the browser has no Ed25519 in WebCrypto the
 * check is the signature's size only (`verifyEd25519` resolves undefined: could not tell).
 */
import { base58Decode } from '../../wire/base58.js';

let supported: boolean | undefined;

function subtle(): SubtleCrypto | undefined {
  return (globalThis as { crypto?: Crypto }).crypto?.subtle;
}

/**
 * Whether `signature` is `publicKey`'s ed25519 signature over `message`: true, false, or
 * undefined when this browser cannot check ed25519.
 */
export async function verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean | undefined> {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  const api = subtle();
  if (!api || supported === false) return undefined;
  let key: CryptoKey;
  try {
    key = await api.importKey('raw', copy(publicKey), { name: 'Ed25519' }, false, ['verify']);
    supported = true;
  } catch (err) {
    if ((err as { name?: string })?.name === 'NotSupportedError') {
      supported = false;
      return undefined;
    }
    return false;
  }
  try {
    return await api.verify({ name: 'Ed25519' }, key, copy(signature), copy(message));
  } catch {
    return false;
  }
}

/** A fresh ArrayBuffer-backed copy (WebCrypto takes no views of shared or foreign buffers). */
function copy(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(bytes.length);
  out.set(bytes);
  return out;
}

/** Whether `signature` (64 bytes) is a valid signature by the base58 `address` over `message`, or could not be told. */
export async function signatureMatches(address: string, message: Uint8Array, signature: Uint8Array): Promise<boolean> {
  const publicKey = base58Decode(address);
  if (!publicKey || publicKey.length !== 32 || signature.length !== 64) return false;
  return (await verifyEd25519(publicKey, message, signature)) !== false;
}
