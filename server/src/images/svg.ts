/**
 * Generated placeholder images: a rounded square (wallets, networks) or a circle (tokens,
 * currencies) in a colour derived from the id, with a short label. Text is XML-escaped.
 */

export interface BadgeOptions {
  /** What the colour is derived from (stable per id). */
  seed: string;
  /** Up to about 4 characters shown in the middle. */
  label: string;
  shape?: 'square' | 'circle';
}

/** FNV-1a, 32 bits: a small stable hash for colours. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]!};`);
}

/** Up to two initials of a name: "Trust Wallet" -> "TW", "MetaMask" -> "MM", "1inch" -> "1I". */
export function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return '?';
  if (words.length === 1) {
    const word = words[0]!;
    const capitals = word.slice(1).match(/\p{Lu}/u);
    return (capitals ? word[0]! + capitals[0] : word.slice(0, 2)).toUpperCase();
  }
  return (Array.from(words[0]!)[0]! + Array.from(words[1]!)[0]!).toUpperCase();
}

/** An SVG badge (96 x 96 view box) as text. */
export function badgeSvg({ seed, label, shape = 'square' }: BadgeOptions): string {
  const h = hash32(seed);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >>> 9) % 60)) % 360;
  const chars = Array.from(label).length;
  const size = chars <= 2 ? 36 : chars === 3 ? 28 : chars === 4 ? 22 : 18;
  const id = `g${h.toString(36)}`;
  const body =
    shape === 'circle'
      ? `<circle cx="48" cy="48" r="48" fill="url(#${id})"/>`
      : `<rect width="96" height="96" rx="24" fill="url(#${id})"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(label)}">` +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 62% 52%)"/><stop offset="1" stop-color="hsl(${hue2} 58% 38%)"/></linearGradient></defs>` +
    body +
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" ` +
    `font-size="${size}" font-weight="700" fill="#fff">${escapeXml(label)}</text></svg>`
  );
}
