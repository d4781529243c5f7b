/** Schemes a wallet link may never use (they run code or read local files). */
const UNSAFE_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:']);

/**
 * True for a link a wallet-registry entry may open: https, http, or a wallet's own app scheme
 * (`metamask://`, `trust://`); false for anything that is not an absolute URL or runs code.
 */
export function isSafeWalletLink(href: string | null | undefined): href is string {
  if (!href) return false;
  try {
    const { protocol } = new URL(href);
    return !UNSAFE_SCHEMES.has(protocol.toLowerCase());
  } catch {
    return false;
  }
}
