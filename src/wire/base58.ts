/**
 * Base58 (the Bitcoin alphabet Solana uses) over Uint8Array, small and without Buffer: the one
 * codec of the client's Solana modules that must not load @solana/web3.js (discovery, the wallet
 * wrappers, address checks, WalletConnect's Solana methods) and of the local SVM's server.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGITS = new Map<string, number>([...ALPHABET].map((c, i) => [c, i]));

/**
 * Longer texts are not decoded unless the caller allows more (keys and signatures are shorter; a
 * base58 transaction is up to about 1,700 characters; the work is quadratic).
 */
const MAX_TEXT = 128;

export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  const digits: number[] = [];
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i] as number;
    for (let j = 0; j < digits.length; j++) {
      carry += (digits[j] as number) * 256;
      digits[j] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }
  let out = '1'.repeat(zeros);
  for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i] as number];
  return out;
}

/** The bytes of a base58 text; undefined for a character outside the alphabet or a text over `maxLength` characters. */
export function base58Decode(text: string, maxLength = MAX_TEXT): Uint8Array | undefined {
  if (text.length > maxLength) return undefined;
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  const bytes: number[] = [];
  for (let i = zeros; i < text.length; i++) {
    const digit = DIGITS.get(text[i] as string);
    if (digit === undefined) return undefined;
    let carry = digit;
    for (let j = 0; j < bytes.length; j++) {
      carry += (bytes[j] as number) * 58;
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  const out = new Uint8Array(zeros + bytes.length);
  for (let i = 0; i < bytes.length; i++) out[zeros + i] = bytes[bytes.length - 1 - i] as number;
  return out;
}

/** Whether `text` is the base58 of exactly `size` bytes, written the one way base58 writes them. */
export function isBase58Of(text: string, size: number): boolean {
  const bytes = base58Decode(text);
  return bytes !== undefined && bytes.length === size && base58Encode(bytes) === text;
}
