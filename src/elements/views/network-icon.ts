import { html, type TemplateResult } from 'lit';
import type { Network } from '../../wire/networks.js';

/** A network's icon for a list item's image slot (or unslotted when `slot` is empty). */
export function networkIcon(network: Network | undefined, slot = 'image'): TemplateResult {
  return html`<w3-ui-network-icon
    slot=${slot || ''}
    .caipNetworkId=${network?.caipNetworkId ?? ''}
    .name=${network?.name ?? ''}
    .imageSrc=${network?.iconUrl}
  ></w3-ui-network-icon>`;
}
