import { css, html, nothing } from 'lit';
import type { TabItem } from '../../primitives/tabs/tabs.element.js';
import { truncateAddress } from '../../../core/address.js';
import { formatFiat } from '../../l10n/format.js';
import type { ViewName } from '../../../core/views.js';
import type { WalletFeature } from '../../../core/options.js';
import { $activeAccount } from '../../../stores/connection/account.js';
import {
  $accountTabList,
  $accountView,
  disconnectAndClose,
  selectAccountTab,
  type AccountTab,
} from '../../../stores/views/account-view.js';
import { fetchMoreActivity, type ActivityState } from '../../../stores/portfolio/activity.js';
import type { NftsState } from '../../../stores/portfolio/nfts.js';
import { $balances } from '../../../stores/portfolio/balances.js';
import { now } from '../../../stores/portfolio/blockchain.js';
import { $connectedWallet } from '../../../stores/connection/connectors.js';
import { $currentNetwork } from '../../../stores/network/networks.js';
import { $activeBalance } from '../../../stores/connection/native-balance.js';
import { $features } from '../../../stores/app/options.js';
import { LOCAL_SWAP_NETWORKS, SWAP_NETWORKS } from '../../../wire/convert-api.js';
import { isZoneName } from '../../../stores/names/zone.js';
import { isViewAvailable, pushView } from '../../../stores/ui/router.js';
import { StoreController } from '../../base/store-controller.js';
import { copyText } from '../../base/clipboard.js';
import { msg } from '../../base/localize.js';
import { adapterEntry, chainRules } from '../../../chains/registry.js';
import { viewOnText } from '../../l10n/messages.js';
import { renderNativeBalance } from '../../base/native-balance.js';
import { W3Element } from '../../base/w3-element.js';
import { icon } from '../../primitives/icons.js';
import { networkIcon } from '../network-icon.js';
import { walletMark } from './wallet-mark.js';
import { viewStyles } from '../view.styles.js';
import { renderActivity } from './account-activity.js';
import { activityStyles } from './account-activity.styles.js';
import { renderNfts } from './account-nfts.js';
import { HeldTokenOrder, renderTokens } from './account-tokens.js';
import { accountStyles } from './account.styles.js';
import { tileStyles } from '../../primitives/tile/tile.styles.js';
import { featureIcon } from './feature-icons.js';
import { fundStyles, isEmptyWallet, OnrampOfferController, renderFund } from './account-fund.js';
import * as embedded from '../../../stores/embedded/actions.js';
import { $embeddedUser } from '../../../stores/embedded/state.js';
import { renderEmbeddedIdentity, renderEmbeddedRows, type EmbeddedAccountActions } from './account-embedded.js';

const chooseNameStyles = css`
  .choose-name {
    margin-inline-start: 4px;
    padding: 2px 8px;
    border: 1px solid var(--w3i-border);
    border-radius: 999px;
    background: transparent;
    color: var(--w3i-fg);
    font: 500 var(--w3i-text-xs) / 1.4 var(--w3i-font-family);
    cursor: pointer;
  }
  .choose-name:focus-visible {
    outline: 2px solid var(--w3i-focus);
    outline-offset: 2px;
  }
`;

const FEATURE_VIEWS: Record<WalletFeature, ViewName> = {
  onramp: 'OnRampProviders',
  swaps: 'Swap',
  receive: 'WalletReceive',
  send: 'WalletSend',
};

/** A wallet feature's button label (a function: the texts follow the active locale). */
const featureLabel = (feature: WalletFeature): string =>
  ({
    onramp: msg('Buy', { id: 'account-feature-buy', desc: 'Account view: button that opens buying crypto' }),
    swaps: msg('Swap', { id: 'account-feature-swap', desc: 'Account view: button that opens swapping tokens' }),
    receive: msg('Receive', { id: 'account-feature-receive', desc: 'Account view: button that opens receiving assets' }),
    send: msg('Send', { id: 'account-feature-send', desc: 'Account view: button that opens sending assets' }),
  })[feature];

const IDLE_NFTS: NftsState = { status: 'loading', key: undefined, items: [] };
const IDLE_ACTIVITY: ActivityState = { status: 'loading', key: undefined, transactions: [], next: null, loadingMore: false };

/** How close to the end of the activity list (px) the next page is fetched. */
const PAGE_AHEAD_PX = 120;

/**
 * @summary The Account view: avatar, name or truncated address, copy and explorer link,
 * balance, wallet features (buy, swap, receive, send), tabs with tokens, NFTs and activity
 * (when a Blockchain API is configured), network, wallets and Disconnect.
 */
export class W3AccountView extends W3Element {
  static override readonly tagName = 'w3-account-view';
  static override styles = [viewStyles, tileStyles, accountStyles, activityStyles, chooseNameStyles, fundStyles];

  private readonly account = new StoreController(this, $activeAccount);
  /** The active network; none (and the wallet's chain) on an unsupported chain. */
  private readonly current = new StoreController(this, $currentNetwork);
  private readonly wallet = new StoreController(this, $connectedWallet);
  private readonly features = new StoreController(this, $features);
  private readonly nativeBalance = new StoreController(this, $activeBalance);
  /** The token balances: listening loads them (a fetcher store). */
  private readonly balances = new StoreController(this, $balances);
  /** The open tab's list: listening loads it. */
  private readonly tabList = new StoreController(this, $accountTabList);
  /** The tab; listening reads the native balance and loads the identity (store-owned). */
  private readonly view = new StoreController(this, $accountView);
  /** The embedded wallet's user (its login identity and rows show only with one). */
  private readonly embeddedUser = new StoreController(this, $embeddedUser);
  /** Whether the on-ramp sells on this network (read only while an empty wallet shows). */
  private readonly onrampOffer = new OnrampOfferController(this);
  /** The token rows' order, held while the pointer is over them. */
  private readonly tokenOrder = new HeldTokenOrder();
  /** What the embedded wallet's rows do (a field, so tests can watch them). */
  protected embeddedActions: EmbeddedAccountActions = {
    updateEmail: () => pushView('UpdateEmailWallet'),
    exportKey: () => void embedded.exportKey().catch(() => undefined),
    passkeys: () => pushView('Passkeys'),
    devices: () => pushView('Devices'),
  };

  protected override updated(): void {
    // A first page that does not fill the list cannot be scrolled: fetch the next at once.
    const scroll = this.renderRoot.querySelector<HTMLElement>('.scroll[data-tab="activity"]');
    if (scroll && scroll.scrollHeight <= scroll.clientHeight) void fetchMoreActivity();
  }

  private onScroll(e: Event): void {
    const el = e.currentTarget as HTMLElement;
    if (this.view.value.tab === 'activity' && el.scrollTop + el.clientHeight >= el.scrollHeight - PAGE_AHEAD_PX) void fetchMoreActivity();
  }

  private tabs(): TabItem[] {
    const namespace = this.current.value.network?.chainNamespace;
    const list: TabItem[] = [{ value: 'tokens', label: msg('Tokens') }];
    // Without a Blockchain API only what the chain gives shows: the tokens, and the activity where the adapter reads it (Bitcoin).
    const fromChain = !!namespace && !!adapterEntry(namespace)?.readsActivity && !!chainRules(namespace)?.features?.activity;
    if (!this.view.value.withApi && !fromChain) return list;
    if (this.view.value.withApi && chainRules(namespace)?.features?.nfts) list.push({ value: 'nfts', label: msg('NFTs') });
    // Activity follows the `history` feature; namespaces without it (Solana) say so in the panel.
    if (this.features.value.history)
      list.push({
        value: 'activity',
        label: msg('Activity', { id: 'account-tab-activity', desc: 'Account view: tab of past transactions' }),
      });
    return list;
  }

  /** 'Fund your wallet' for a new, empty wallet; undefined (the usual balance and features) otherwise. */
  private renderFund() {
    const empty = isEmptyWallet(this.nativeBalance.value, this.balances.value);
    const canBuy = empty && this.features.value.onramp && isViewAvailable('OnRampProviders');
    this.onrampOffer.watch(canBuy);
    return empty ? renderFund({ buy: canBuy && this.onrampOffer.offered === true, label: featureLabel }) : undefined;
  }

  private renderFeatures() {
    const features = this.features.value;
    const network = this.current.value.network;
    // Swaps only where a DEX serves the network (the swap networks of spec 9, and the local chain's).
    const swappable =
      !!chainRules(network?.chainNamespace)?.features?.swap && [...SWAP_NETWORKS, ...LOCAL_SWAP_NETWORKS].includes(network!.caipNetworkId);
    const shown = features.walletFeaturesOrder.filter(
      (f) => features[f] && isViewAvailable(FEATURE_VIEWS[f]) && (f !== 'swaps' || swappable),
    );
    if (shown.length === 0) return nothing;
    return html`<div class="features" role="group" aria-label=${msg('Wallet features')}>
      ${shown.map(
        (f) =>
          html`<button type="button" class="feature" data-feature=${f} @click=${() => pushView(FEATURE_VIEWS[f])}>
            ${featureIcon(f)} ${featureLabel(f)}
          </button>`,
      )}
    </div>`;
  }

  private renderPanel() {
    const tabs = this.tabs();
    const selected = this.view.value.tab;
    const tab = tabs.some((t) => t.value === selected) ? selected : 'tokens';
    const label = tabs.find((t) => t.value === tab)?.label ?? msg('Tokens');
    const body =
      tab === 'tokens'
        ? renderTokens(this.balances.value, this.current.value.network, this.nativeBalance.value, this.tokenOrder)
        : tab === 'nfts'
          ? renderNfts(this.tabList.value.nfts ?? IDLE_NFTS)
          : renderActivity(this.tabList.value.activity ?? IDLE_ACTIVITY, now(), this.current.value.network);
    return html`<w3-ui-tabs
        label=${msg('Assets')}
        panel-prefix="w3-account"
        .tabs=${tabs}
        .value=${tab}
        @w3-tab-change=${(e: CustomEvent<{ value: string }>) => selectAccountTab(e.detail.value as AccountTab)}
      ></w3-ui-tabs>
      <div class="room">
        <div
          class="scroll"
          role="tabpanel"
          tabindex="0"
          aria-label=${label}
          data-tab=${tab}
          @scroll=${this.onScroll}
          @pointerenter=${() => this.tokenOrder.hold(this.balances.value.tokens)}
          @pointerleave=${() => {
            this.tokenOrder.release();
            this.requestUpdate();
          }}
        >
          ${body}
        </div>
      </div>`;
  }

  /** 'Choose name' beside the address: eip155 with a Blockchain API, and no name of the registry's zone yet. */
  private renderChooseName(profileName: string | undefined) {
    const names = chainRules(this.current.value.network?.chainNamespace)?.features?.names;
    if (!names || !this.view.value.withApi || isZoneName(profileName) || !isViewAvailable('RegisterAccountName')) return nothing;
    return html`<button type="button" class="choose-name" data-choose-name @click=${() => pushView('RegisterAccountName')}>
      ${msg('Choose name')}
    </button>`;
  }

  override render() {
    const { address, profileName, profileImage } = this.account.value;
    const { network, unsupported } = this.current.value;
    if (!address) return html`<p class="empty">${msg('Not connected')}</p>`;
    const explorer = network?.blockExplorers?.default;
    const { withApi, tokensFromChain } = this.view.value;
    const total = this.balances.value.tokens.reduce((sum, t) => sum + t.value, 0);
    const fund = this.renderFund();
    return html`<div class="profile">
        <w3-ui-avatar .address=${address} .imageSrc=${profileImage}></w3-ui-avatar>
        <div class="address">
          <span data-name dir="auto">${profileName ?? truncateAddress(address)}</span>
          <w3-ui-icon-button
            icon="copy"
            label=${msg('Copy address')}
            @click=${() => copyText(address, msg('Address copied'))}
          ></w3-ui-icon-button>
          ${this.renderChooseName(profileName)}
        </div>
        ${renderEmbeddedIdentity(this.embeddedUser.value)}
        ${fund ? nothing : renderNativeBalance(this.nativeBalance.value, { className: 'balance' })}
        ${withApi && this.balances.value.tokens.length > 0
          ? html`<span class="small total">${msg('Total balance')} <span data-total dir="ltr">${formatFiat(total)}</span></span>`
          : nothing}
        ${explorer
          ? html`<a
              class="explorer"
              href=${`${explorer.url.replace(/\/+$/, '')}/address/${address}`}
              target="_blank"
              rel="noopener noreferrer"
              >${viewOnText(explorer.name)}</a
            >`
          : nothing}
      </div>
      ${fund ?? this.renderFeatures()} ${(withApi || tokensFromChain) && network ? this.renderPanel() : nothing}
      <div class="stack rows">
        ${network
          ? html`<w3-ui-list-item chevron @click=${() => pushView('Networks')}>
              ${networkIcon(network)}<span class="muted">${msg('Network')}</span> ${network.name}
            </w3-ui-list-item>`
          : unsupported
            ? html`<w3-ui-list-item chevron data-unsupported @click=${() => pushView('Networks')}>
                <w3-ui-network-icon
                  slot="image"
                  .caipNetworkId=${unsupported.caipNetworkId}
                  .name=${msg('Unknown Network')}
                ></w3-ui-network-icon
                ><span class="muted">${msg('Network')}</span> ${msg('Unknown Network')}
              </w3-ui-list-item>`
            : nothing}
        <w3-ui-list-item chevron @click=${() => pushView('ProfileWallets')}>
          ${walletMark(this.wallet.value)} ${this.wallet.value?.name ?? msg('Wallets')}
        </w3-ui-list-item>
        ${renderEmbeddedRows(this.embeddedUser.value, this.embeddedActions)}
        <w3-ui-list-item @click=${() => void disconnectAndClose()}>
          <span slot="image" class="muted">${icon('disconnect', 22)}</span>
          ${msg('Disconnect')}
        </w3-ui-list-item>
      </div>`;
  }
}
