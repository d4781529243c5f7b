import type { WalletEntry } from '../api/types.js';

/** A registry entry for tests: a plain EVM wallet with no links; `extra` overrides any field. */
export function walletEntry(id: string, extra: Partial<WalletEntry> = {}): WalletEntry {
  return {
    id,
    name: id.replace(/(^|-)(\w)/g, (_, sep: string, c: string) => `${sep ? ' ' : ''}${c.toUpperCase()}`),
    homepage: null,
    image_id: id,
    order: 1,
    rdns: null,
    chains: ['eip155:1'],
    badge_type: 'none',
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    link_mode: null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    injected: null,
    supports_wc: true,
    ...extra,
  };
}
