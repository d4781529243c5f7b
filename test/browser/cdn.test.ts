/**
 * The built CDN module (dist/cdn/w3kit.js, built by `npm test` before this runs) on a plain
 * page: one script, <w3-modal> configured by attributes, <w3-button>.
 */
import { expect } from 'chai';
import { deep, waitFor } from './helpers.js';

interface CdnWindow {
  w3kit: { createW3Modal: unknown; networks: Record<string, { caipNetworkId: string }>; W3Error: unknown };
}

describe('CDN bundle', () => {
  before(async () => {
    document.body.innerHTML = `<w3-modal networks="eip155:31337,eip155:1" theme-mode="dark"></w3-modal><w3-button></w3-button>`;
    await import('/dist/cdn/w3kit.js' as string);
  });

  it('sets window.w3kit to the exports', () => {
    const w3kit = (window as unknown as CdnWindow).w3kit;
    expect(w3kit.createW3Modal).to.be.a('function');
    expect(w3kit.W3Error).to.be.a('function');
    expect(w3kit.networks['localhost']?.caipNetworkId).to.equal('eip155:31337');
  });

  it('keeps the Connect view out of the first chunk and fetches it once the page is idle, before any open', async () => {
    const manifest = (await (await fetch('/dist/cdn/manifest.json')).json()) as {
      chunks: Record<string, { imports: string[]; dynamicImports: string[] }>;
    };
    const entry = manifest.chunks['w3kit.js']!;
    const connectChunk = entry.dynamicImports.find((f) => f.includes('connect-view'));
    expect(connectChunk, 'a lazy Connect view chunk').to.be.a('string');
    expect(entry.imports).not.to.include(connectChunk);
    await waitFor(() => customElements.get('w3-connect-view') !== undefined, 5000, 'Connect view prefetched');
    expect(document.querySelector('w3-modal')!.hasAttribute('open')).to.equal(false);
  });

  it('reads the declarative config and opens from <w3-button>', async () => {
    const modal = document.querySelector('w3-modal') as HTMLElement & {
      modal: { getState(): { selectedNetworkId: string; open: boolean }; close(): void };
    };
    await waitFor(() => modal.modal?.getState().selectedNetworkId === 'eip155:31337', 3000, 'configured');
    expect(modal.getAttribute('theme')).to.equal('dark');
    const button = await waitFor(() => deep<HTMLButtonElement>(document, 'w3-button', 'w3-connect-button', 'button'), 3000, 'button');
    expect(button.textContent!.trim()).to.equal('Connect Wallet');
    button.click();
    await waitFor(() => modal.getAttribute('view') === 'Connect' && modal.hasAttribute('open'), 3000, 'open');
    await waitFor(() => deep(modal, '[role="dialog"]'), 3000, 'dialog');
    modal.modal.close();
    await waitFor(() => !modal.hasAttribute('open'), 3000, 'closed');
  });

  it('loads a lazy view chunk on demand', async () => {
    const modal = document.querySelector('w3-modal') as HTMLElement & { modal: { open(o: object): Promise<unknown> } };
    await modal.modal.open({ view: 'Networks' });
    const view = await waitFor(() => deep(modal, 'w3-networks-view'), 3000, 'networks view');
    await waitFor(() => view.shadowRoot?.querySelectorAll('w3-ui-list-item').length === 2, 3000, 'two networks');
  });
});
