import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg, str } from '../../base/localize.js';
import { W3Element } from '../../base/w3-element.js';
import { visuallyHiddenStyles } from '../../styles/a11y.js';
import type { QrMatrix } from './qr-matrix.js';
import { qrCodeStyles } from './qr-code.styles.js';

/**
 * @summary The WalletConnect QR code. Reflects the pairing URI as `uri` and draws it as an SVG
 * made by a QR library (`uqr`, loaded lazily), with a logo (the wallet's, the network's) in a clear
 * square in the centre; without a logo the whole code is drawn. A spinner shows until there is a URI.
 * The URI is also there as text for screen readers (`[data-link]`, visually hidden).
 * @slot logo - The logo shown in the centre (the centre is cleared only when something is slotted).
 * @csspart frame - The square frame.
 * @cssprop --w3-qr-size - Side of the square, default 280px.
 */
export class W3QrCode extends W3Element {
  static override readonly tagName = 'w3-qr-code';
  static override styles = [qrCodeStyles, visuallyHiddenStyles];

  /** The pairing URI (wc:...). */
  @property({ reflect: true }) uri = '';
  /** Accessible name of the code; unset, 'QR code' in the active locale. */
  @property() label: string | undefined;
  @state() private matrix: (QrMatrix & { uri: string; logo: boolean }) | undefined;

  /** Whether a logo is slotted: only then is the centre of the code cleared for it. */
  private hasLogo(): boolean {
    return this.querySelector(':scope > [slot="logo"]') !== null;
  }

  protected override willUpdate(): void {
    const uri = this.uri;
    const logo = this.hasLogo();
    if (!uri) {
      this.matrix = undefined;
      return;
    }
    if (this.matrix?.uri === uri && this.matrix.logo === logo) return;
    void import('./qr-matrix.js').then(({ qrMatrix }) => {
      if (this.uri === uri && this.hasLogo() === logo) this.matrix = { ...qrMatrix(uri, { logo }), uri, logo };
    });
  }

  override render() {
    const matrix = this.matrix?.uri === this.uri ? this.matrix : undefined;
    return html`<div
        part="frame"
        class="frame"
        role="img"
        aria-label=${this.label ?? msg('QR code')}
        aria-busy=${matrix ? 'false' : 'true'}
      >
        ${matrix
          ? html`<svg viewBox="0 0 ${matrix.size} ${matrix.size}" aria-hidden="true" focusable="false">
              <path fill="#000000" d=${matrix.path}></path>
            </svg>`
          : html`<w3-ui-spinner label=${msg('Loading QR code')}></w3-ui-spinner>`}
        <div class="logo"><slot name="logo" @slotchange=${() => this.requestUpdate()}></slot></div>
      </div>
      ${this.uri ? html`<p class="visually-hidden" data-link>${msg(str`Link: ${this.uri}`)}</p>` : nothing}`;
  }
}
