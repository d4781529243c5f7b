import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { W3Element } from '../base/w3-element.js';

/**
 * @summary The WalletConnect QR code. Reflects the pairing URI as `uri`; until the QR renderer
 * loads (lazily, with WalletConnect) it shows a loading frame with the wallet logo slot.
 * @slot logo - The wallet's logo, shown in the centre.
 * @slot - The rendered QR code (filled by the renderer).
 * @csspart frame - The square frame.
 * @cssprop --w3-qr-size - Side of the square, default 280px.
 */
export class W3QrCode extends W3Element {
  static override styles = css`
    :host {
      display: block;
    }
    .frame {
      position: relative;
      width: var(--w3-qr-size, 280px);
      height: var(--w3-qr-size, 280px);
      margin: 0 auto;
      border-radius: var(--w3i-radius-lg, 28px);
      background: #ffffff;
      display: grid;
      place-items: center;
      box-shadow: inset 0 0 0 1px var(--w3i-border, #ddd);
    }
    .logo {
      position: absolute;
      inset: 0;
      display: grid;
      place-items: center;
      pointer-events: none;
    }
  `;

  /** The pairing URI (wc:...). */
  @property({ reflect: true }) uri = '';
  /** Accessible name of the code. */
  @property() label = 'QR code';

  override render() {
    return html`<div part="frame" class="frame" role="img" aria-label=${this.label} aria-busy=${this.uri ? 'false' : 'true'}>
      <slot></slot>
      ${this.uri ? nothing : html`<w3-ui-spinner label="Loading QR code"></w3-ui-spinner>`}
      <div class="logo"><slot name="logo"></slot></div>
    </div>`;
  }
}
