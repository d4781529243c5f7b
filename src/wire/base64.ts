/**
 * Standard (padded) base64, as Solana's JSON-RPC and wallets carry transactions: one codec for
 * the Solana adapter, WalletConnect's Solana provider, the embedded wallet's provider and its
 * frame (bundled apart, so it lives here, in the layer every one of them may import).
 */

/** The base64 of `bytes` (in slices, so large transactions do not overflow the call stack). */
export function base64Encode(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The bytes of a base64 text; undefined when it is not base64. */
export function base64Decode(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
