import { expect } from 'chai';
import { defineElements } from '../index.js';
import { $options } from '../../stores/app/options.js';
import { $activeNetwork } from '../../stores/network/networks.js';
import { $themeMode } from '../../stores/ui/theme.js';
import { resetAll, waitFor } from '../../../test/browser/helpers.js';
import { $modal } from '../../stores/ui/modal.js';

describe('<w3-modal> declarative configuration', () => {
  beforeEach(() => resetAll());
  afterEach(() => resetAll());

  it('reads networks, urls, theme-mode, email and socials from attributes', async () => {
    defineElements();
    document.body.innerHTML = `<w3-modal project-id="w3kit-dev" networks="eip155:31337, eip155:1" api-url="http://127.0.0.1:4301"
      theme-mode="dark" email socials="google,github"></w3-modal>`;
    const el = document.querySelector('w3-modal')!;
    await el.updateComplete;
    const options = $options.get()!;
    expect(options.networks.map((n) => n.caipNetworkId)).to.deep.equal(['eip155:31337', 'eip155:1']);
    expect(options.projectId).to.equal('w3kit-dev');
    expect(options.apiUrl).to.equal('http://127.0.0.1:4301');
    expect(options.features?.email).to.equal(true);
    expect(options.features?.socials).to.deep.equal(['google', 'github']);
    expect($themeMode.get()).to.equal('dark');
    expect($activeNetwork.get()?.caipNetworkId).to.equal('eip155:31337');
    expect(el.modal).to.be.an('object');
    await el.modal.open();
    expect($modal.get().open).to.equal(true);
  });

  it('turns swaps and onramp on with their attributes, and off with "false" or without them', async () => {
    defineElements();
    document.body.innerHTML = `<w3-modal networks="eip155:31337" swaps onramp="false"></w3-modal>`;
    const el = document.querySelector('w3-modal')!;
    await el.updateComplete;
    expect($options.get()!.features?.swaps).to.equal(true);
    expect($options.get()!.features?.onramp).to.equal(false);
    el.setAttribute('onramp', 'true');
    el.removeAttribute('swaps');
    await el.updateComplete;
    await waitFor(() => $options.get()!.features?.onramp === true, 2000, 'onramp on');
    expect($options.get()!.features?.swaps).to.equal(undefined);
  });

  it('reconfigures when an attribute changes after the first render', async () => {
    defineElements();
    document.body.innerHTML = `<w3-modal networks="eip155:31337" theme-mode="dark"></w3-modal>`;
    const el = document.querySelector('w3-modal')!;
    await el.updateComplete;
    expect($themeMode.get()).to.equal('dark');
    el.setAttribute('theme-mode', 'light');
    await el.updateComplete;
    expect($themeMode.get()).to.equal('light');
    el.setAttribute('networks', 'eip155:1,eip155:31337');
    await el.updateComplete;
    expect($options.get()!.networks.map((n) => n.caipNetworkId)).to.deep.equal(['eip155:1', 'eip155:31337']);
  });

  it('fires w3-error naming the attribute for an unknown network', async () => {
    defineElements();
    const errors: string[] = [];
    document.addEventListener('w3-error', (e) => errors.push(e.detail.message), { once: true });
    const el = document.createElement('w3-modal');
    el.setAttribute('networks', 'eip155:999999999');
    const original = console.error;
    console.error = () => undefined;
    try {
      document.body.append(el);
      await waitFor(() => errors.length > 0, 1000, 'w3-error');
    } finally {
      console.error = original;
    }
    expect(errors[0]).to.contain('networks');
    expect($options.get()).to.equal(undefined);
  });
});
