/**
 * The bench's floor (issue 11, section 6): the least a wallet button can be in Lit. One element,
 * <bench-floor>, renders a button that opens a dialog with five rows. Bundled and minified like
 * the CDN build (build-floor.mjs), it is what w3kit's timings are divided by.
 */
import { LitElement, css, html, nothing } from 'lit';

const ROWS = ['MetaMask', 'Coinbase Wallet', 'Rainbow', 'Trust Wallet', 'WalletConnect'];

class BenchFloor extends LitElement {
  static properties = { open: { type: Boolean, reflect: true } };

  static styles = css`
    :host {
      font-family: system-ui, sans-serif;
    }
    button {
      font: inherit;
      padding: 10px 16px;
      border-radius: 12px;
      border: 1px solid #ccc;
      background: #fff;
      cursor: pointer;
    }
    .backdrop {
      position: fixed;
      inset: 0;
      display: grid;
      place-items: center;
      background: rgb(0 0 0 / 40%);
    }
    [role='dialog'] {
      display: grid;
      gap: 8px;
      width: 360px;
      padding: 16px;
      border-radius: 24px;
      background: #fff;
    }
  `;

  constructor() {
    super();
    this.open = false;
  }

  render() {
    return html`<button type="button" class="opener" @click=${() => (this.open = true)}>Connect Wallet</button> ${this.open
        ? html`<div class="backdrop">
            <div role="dialog" aria-modal="true" aria-label="Connect Wallet">
              <h2>Connect Wallet</h2>
              ${ROWS.map((name) => html`<button type="button" class="row">${name}</button>`)}
              <button type="button" @click=${() => (this.open = false)}>Close</button>
            </div>
          </div>`
        : nothing}`;
  }
}

customElements.define('bench-floor', BenchFloor);
