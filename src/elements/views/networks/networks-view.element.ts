import { css, html } from 'lit';
import type { ChainNamespace } from '../../../core/caip.js';
import { StoreController } from '../../base/store-controller.js';
import type { Network } from '../../../wire/networks.js';
import { $currentNetwork, $networks } from '../../../stores/network/networks.js';
import { chooseNetwork } from '../../../stores/connection/network-switch.js';
import { RovingFocusController } from '../../base/roving-focus.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';
import { networkIcon } from '../network-icon.js';
import { chainRules } from '../../../chains/registry.js';
import { msg } from '../../base/localize.js';

/** A namespace's group heading, from the registry (a function: the texts follow the active locale). */
const namespaceTitle = (namespace: ChainNamespace): string => chainRules(namespace)?.heading() ?? namespace;

/**
 * @summary The Networks view: the configured networks with icons, grouped by namespace when the
 * app has several (EVM, Solana), the active one marked (none while the wallet is on an
 * unsupported chain); choosing one switches to it (SwitchActiveChain when its namespace has no
 * wallet yet).
 */
export class W3NetworksView extends W3Element {
  static override readonly tagName = 'w3-networks-view';
  static override styles = [
    viewStyles,
    css`
      h3 {
        margin-block: 12px 8px;
        color: var(--w3i-fg-muted);
        font-size: var(--w3i-text-xs);
        text-transform: uppercase;
        letter-spacing: 0.04em;
      }
      section:first-child h3 {
        margin-block-start: 0;
      }
    `,
  ];

  private readonly networks = new StoreController(this, $networks);
  private readonly current = new StoreController(this, $currentNetwork);
  /** Arrow keys, Home and End move between networks; the list is one tab stop. */
  private readonly roving = new RovingFocusController(this, {
    lists: 'ul.stack',
    items: ':scope > li > w3-ui-list-item',
    orientation: 'vertical',
  });

  private renderNetwork(network: Network) {
    // On an unsupported chain no configured network is active.
    const selected = network.caipNetworkId === this.current.value.network?.caipNetworkId;
    return html`<li>
      <w3-ui-list-item
        ?selected=${selected}
        .tag=${network.testnet ? msg('Testnet') : undefined}
        data-network=${network.caipNetworkId}
        @click=${() => void chooseNetwork(network.caipNetworkId)}
      >
        ${networkIcon(network)} ${network.name}
      </w3-ui-list-item>
    </li>`;
  }

  override render() {
    const groups = new Map<ChainNamespace, Network[]>();
    for (const n of this.networks.value) groups.set(n.chainNamespace, [...(groups.get(n.chainNamespace) ?? []), n]);
    if (groups.size < 2)
      return html`<ul class="stack" aria-label=${msg('Networks')}>
        ${this.networks.value.map((n) => this.renderNetwork(n))}
      </ul>`;
    return html`${[...groups].map(
      ([namespace, list]) =>
        html`<section data-namespace=${namespace}>
          <h3 id=${`w3-networks-${namespace}`}>${namespaceTitle(namespace)}</h3>
          <ul class="stack" aria-labelledby=${`w3-networks-${namespace}`}>
            ${list.map((n) => this.renderNetwork(n))}
          </ul>
        </section>`,
    )}`;
  }
}
