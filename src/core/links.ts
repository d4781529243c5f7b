import { isAllowedWalletLink } from '../wire/links.js';

/**
 * True for a link a wallet-registry entry may open: an `https:` URL or a wallet's own app link
 * (`metamask://`, `trust://wc`); false for anything else (`javascript:`, `data:`, `intent:`,
 * `ms-msdt:`, `search-ms:`, `view-source:`, plain `http:`, relative links, hidden characters).
 * The same allowlist the backend applies on import (src/wire/links.ts).
 */
export function isSafeWalletLink(href: string | null | undefined): href is string {
  return isAllowedWalletLink(href);
}
