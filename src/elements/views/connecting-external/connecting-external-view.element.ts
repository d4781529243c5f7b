import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { W3Error } from '../../../core/errors.js';
import { $connectors } from '../../../stores/connection/connectors.js';
import { $router } from '../../../stores/ui/router.js';
import { leaveConnectFlow } from '../../../stores/ui/after-connect.js';
import { connectExternal } from '../../../stores/connection/actions.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { errorCodeText, errorMessage } from '../../l10n/errors.js';
import { viewStyles } from '../view.styles.js';
import { connectingStyles } from '../connecting.styles.js';
import { msg, str } from '../../base/localize.js';

/**
 * @summary ConnectingExternal: asks an injected, announced or external wallet to connect;
 * shows its icon and a spinner, the error ('Connection rejected') and 'Try again'.
 */
export class W3ConnectingExternalView extends W3Element {
  static override readonly tagName = 'w3-connecting-external-view';
  static override styles = [viewStyles, connectingStyles];

  private readonly router = new StoreController(this, $router);
  private readonly connectors = new StoreController(this, $connectors);
  /** The failure, kept as is so its text follows a locale switch. */
  @state() private error: { failure: unknown } | undefined;
  @state() private busy = false;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.connect();
  }

  private get connectorId(): string | undefined {
    const id = this.router.value.data?.connectorId;
    return typeof id === 'string' ? id : undefined;
  }

  private async connect(): Promise<void> {
    const id = this.connectorId;
    if (!id || this.busy) return;
    this.busy = true;
    this.error = undefined;
    try {
      await connectExternal(id);
      if (this.isConnected && $router.get().view === 'ConnectingExternal') void leaveConnectFlow();
    } catch (err) {
      if ((err as W3Error).code === 'MODAL_CLOSED') return;
      this.error = { failure: err };
    } finally {
      this.busy = false;
    }
  }

  /** The rejection's text: the wallet error's, localized, else 'Connection rejected'. */
  private errorText(failure: unknown): string {
    return failure instanceof W3Error ? errorMessage(failure) : errorCodeText('ConnectionRejectedError');
  }

  override render() {
    const connector = this.connectors.value.find((c) => c.id === this.connectorId);
    return html`<div class="connecting">
      <div class="logo">
        <w3-ui-wallet-image .imageSrc=${connector?.imageUrl}></w3-ui-wallet-image>
        ${this.busy ? html`<w3-ui-spinner label=${msg('Connecting')}></w3-ui-spinner>` : nothing}
      </div>
      ${this.error
        ? html`<p class="error" role="alert">${this.errorText(this.error.failure)}</p>`
        : html`<p><strong>${connector ? msg(str`Continue in ${connector.name}`) : msg('Continue in your wallet')}</strong></p>
            <p class="muted">${msg('Accept the connection request in the wallet.')}</p>`}
      ${this.error
        ? html`<w3-ui-button variant="secondary" @click=${() => void this.connect()}>${msg('Try again')}</w3-ui-button>`
        : nothing}
    </div>`;
  }
}
