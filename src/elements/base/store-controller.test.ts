import { expect } from 'chai';
import { html, LitElement } from 'lit';
import { atom, computed, onStart } from 'nanostores';
import { StoreController } from './store-controller.js';

const $source = atom(1);
const $derived = computed($source, (n) => n * 10);
let starts = 0;
onStart($derived, () => {
  starts++;
});

class StoreReader extends LitElement {
  readonly derived = new StoreController(this, $derived);
  override render() {
    return html`<span>${this.derived.value}</span>`;
  }
}
customElements.define('w3-test-store-reader', StoreReader);

describe('StoreController', () => {
  afterEach(() => document.body.replaceChildren());

  it('subscribes while connected and re-renders on change', async () => {
    const el = document.createElement('w3-test-store-reader') as StoreReader;
    document.body.append(el);
    await el.updateComplete;
    expect(el.shadowRoot!.textContent).to.equal('10');
    $source.set(2);
    await el.updateComplete;
    expect(el.shadowRoot!.textContent).to.equal('20');
    el.remove();
  });

  it('never mounts the store while disconnected: a pending render reads the last value, not the store', async () => {
    const el = document.createElement('w3-test-store-reader') as StoreReader;
    document.body.append(el);
    await el.updateComplete;
    const startsWhileShown = starts;
    el.remove();
    $source.set(3);
    el.requestUpdate();
    await el.updateComplete;
    // Reading $derived unmounted would run its onStart again (a WalletConnect pairing, in the app).
    expect(starts).to.equal(startsWhileShown);
    expect(el.shadowRoot!.textContent).to.equal('20');
    document.body.append(el);
    await el.updateComplete;
    expect(el.shadowRoot!.textContent).to.equal('30');
  });
});
