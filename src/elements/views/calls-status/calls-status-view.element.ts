import { css, html, nothing } from 'lit';
import { truncateAddress } from '../../../core/address.js';
import type { CallReceipt } from '../../../chains/eip155/wallet-calls.js';
import { $callsView, watchCalls, type CallsViewState } from '../../../stores/calls/calls-view.js';
import { $currentNetwork } from '../../../stores/network/networks.js';
import { $router } from '../../../stores/ui/router.js';
import { StoreController } from '../../base/store-controller.js';
import { StepFocusController } from '../../base/step-focus.js';
import { msg, str } from '../../base/localize.js';
import { W3Element } from '../../base/w3-element.js';
import { errorMessage } from '../../l10n/errors.js';
import { linkStyles, viewStyles } from '../view.styles.js';

/**
 * @summary CallsStatus (wallet_showCallsStatus, `showCallsStatus(id)`): a batch of calls sent with
 * `sendCalls` (EIP-5792). Pending shows a spinner while the wallet's status is read again every
 * second (bounded, stopped when the modal closes); confirmed and failed show each call's receipt:
 * its transaction hash (a link to the network's explorer) and the gas it used.
 */
export class W3CallsStatusView extends W3Element {
  static override readonly tagName = 'w3-calls-status-view';
  static override styles = [
    viewStyles,
    linkStyles,
    css`
      .body {
        display: flex;
        flex-direction: column;
        align-items: center;
        gap: 12px;
        padding: 16px 8px;
        text-align: center;
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        inline-size: 100%;
        display: flex;
        flex-direction: column;
        gap: 8px;
      }
      li {
        display: flex;
        justify-content: space-between;
        gap: 8px;
        padding: 8px 12px;
        border-radius: var(--w3-border-radius-s, 8px);
        background: var(--w3-color-bg-2, rgba(0, 0, 0, 0.04));
        text-align: start;
      }
    `,
  ];

  private readonly view = new StoreController(this, $callsView);
  private readonly current = new StoreController(this, $currentNetwork);
  private readonly stepFocus = new StepFocusController(this, () => this.view.value.phase);
  private stop: (() => void) | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    const id = $router.get().data?.callsId;
    this.stop = watchCalls(typeof id === 'string' ? id : undefined);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stop?.();
  }

  private renderReceipt(receipt: CallReceipt, index: number) {
    const explorer = this.current.value.network?.blockExplorers?.default.url;
    const hash = truncateAddress(receipt.transactionHash, 6, 4);
    return html`<li data-receipt>
      <span data-call>${msg(str`Call ${String(index + 1)}`)}</span>
      ${explorer
        ? html`<a
            href="${explorer}/tx/${receipt.transactionHash}"
            target="_blank"
            rel="noopener noreferrer"
            title=${receipt.transactionHash}
            data-tx
            >${hash}</a
          >`
        : html`<span data-tx title=${receipt.transactionHash}>${hash}</span>`}
      <span data-gas>${msg(str`Gas used: ${receipt.gasUsed.toString()}`)}</span>
      ${receipt.status === 'reverted' ? html`<span data-reverted>${msg('Reverted')}</span>` : nothing}
    </li>`;
  }

  private renderState({ phase, receipts, error, id }: CallsViewState) {
    const list = receipts.length
      ? html`<ol aria-label=${msg('Receipts')}>
          ${receipts.map((r, i) => this.renderReceipt(r, i))}
        </ol>`
      : nothing;
    switch (phase) {
      case 'confirmed':
        return html`<h3 tabindex="-1" data-step-focus data-phase="confirmed">${msg('Calls confirmed')}</h3>
          ${list}`;
      case 'failed':
        return html`<h3 tabindex="-1" data-step-focus data-phase="failed">${msg('The calls failed')}</h3>
          ${list}`;
      case 'error':
        return html`<h3 tabindex="-1" data-step-focus data-phase="error">${msg('Could not read the status of the calls')}</h3>
          <p class="muted" data-error>${id ? errorMessage(error) : msg('This bundle id is unknown / has not been submitted.')}</p>`;
      default:
        return html`<w3-ui-spinner label=${msg('Waiting for the calls to be confirmed')}></w3-ui-spinner>
          <h3 tabindex="-1" data-step-focus data-phase=${phase}>${msg('Waiting for the calls to be confirmed')}</h3>
          ${list}`;
    }
  }

  override render() {
    return html`<div class="body" role="status" aria-live="polite">${this.renderState(this.view.value)}</div>`;
  }
}
