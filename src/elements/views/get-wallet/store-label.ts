import { msg } from '../../base/localize.js';

/** A "where to get the wallet" link's text: store names are brands (kept as they are); 'Website' is localized. */
export function storeLabel(label: string): string {
  return label === 'Website' ? msg('Website', { desc: "Link to a wallet's website" }) : label;
}
