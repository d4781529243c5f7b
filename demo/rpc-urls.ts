/**
 * Chain RPC URLs as the demo pages receive them: JSON (`{"31337":"http://127.0.0.1:8545"}`) or
 * `31337=url,31338=url`. Shared by the two demo wallets.
 */
export function parseRpcUrls(text: string): Record<number, string> {
  const out: Record<number, string> = {};
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    for (const [id, url] of Object.entries(JSON.parse(trimmed) as Record<string, string>)) out[Number(id)] = String(url);
  } else {
    for (const part of trimmed.split(',')) {
      const at = part.indexOf('=');
      if (at > 0) out[Number(part.slice(0, at).trim())] = part.slice(at + 1).trim();
    }
  }
  return out;
}
