/**
 * The built CDN module (dist/cdn/w3kit.js): the modal's dialog shell is a lazy chunk, and an
 * open that comes before the idle prefetch loads it and still shows the dialog.
 */
import { expect } from 'chai';
import { deep, waitFor } from './helpers.js';

interface Manifest {
  chunks: Record<string, { name: string; imports: string[]; dynamicImports: string[] }>;
}

interface CdnWindow {
  w3kit: { getInstance(): { open(options?: object): Promise<unknown>; close(): void } };
}

const shellRequested = () => performance.getEntriesByType('resource').some((e) => e.name.includes('modal-shell'));

describe('CDN bundle: the modal shell', () => {
  let requestedBeforeOpen: boolean | undefined;

  before(async () => {
    // The test page loads hundreds of modules: keep every resource entry (the default keeps 250).
    performance.setResourceTimingBufferSize(100_000);
    document.body.innerHTML = `<w3-modal networks="eip155:31337,eip155:1"></w3-modal>`;
    await import('/dist/cdn/w3kit.js' as string);
    // At once, before the page goes idle (when the shell is prefetched).
    requestedBeforeOpen = shellRequested();
    void (window as unknown as CdnWindow).w3kit.getInstance().open();
  });

  it('is not in the first chunk (w3kit.js and its static imports) but loaded from it lazily', async () => {
    const { chunks } = (await (await fetch('/dist/cdn/manifest.json')).json()) as Manifest;
    const first = new Set(['w3kit.js']);
    for (const file of first) for (const dep of chunks[file]!.imports) first.add(dep);
    const shell = Object.keys(chunks).find((f) => chunks[f]!.name === 'modal-shell');
    expect(shell, 'a modal-shell chunk').to.be.a('string');
    expect([...first]).not.to.include(shell);
    expect(chunks['w3kit.js']!.dynamicImports).to.include(shell);
    const firstCode = (await Promise.all([...first].map(async (f) => (await fetch(`/dist/cdn/${f}`)).text()))).join('\n');
    expect(firstCode).not.to.contain('w3-modal-title');
    expect(await (await fetch(`/dist/cdn/${shell!}`)).text()).to.contain('w3-modal-title');
  });

  it('keeps the locale matcher out of the first chunk, in the lazy locale runtime', async () => {
    const { chunks } = (await (await fetch('/dist/cdn/manifest.json')).json()) as Manifest;
    const first = new Set(['w3kit.js']);
    for (const file of first) for (const dep of chunks[file]!.imports) first.add(dep);
    const firstCode = (await Promise.all([...first].map(async (f) => (await fetch(`/dist/cdn/${f}`)).text()))).join('\n');
    expect(firstCode).not.to.contain('hant|tw|hk|mo');
    const runtime = Object.keys(chunks).find((f) => chunks[f]!.name === 'locale-runtime')!;
    expect(await (await fetch(`/dist/cdn/${runtime}`)).text()).to.contain('hant|tw|hk|mo');
  });

  it('opens the modal on a first open made before the shell was prefetched', async () => {
    expect(requestedBeforeOpen, 'shell fetched before the open').to.equal(false);
    const modal = document.querySelector('w3-modal')!;
    const dialog = await waitFor(() => deep(modal, '[role="dialog"]'), 5000, 'dialog');
    expect(deep(modal, `#${dialog.getAttribute('aria-labelledby')}`)!.textContent!.trim()).to.equal('Connect Wallet');
    await waitFor(() => deep(modal, 'w3-connect-view'), 5000, 'Connect view');
    expect(shellRequested()).to.equal(true);
    (window as unknown as CdnWindow).w3kit.getInstance().close();
    await waitFor(() => !deep(modal, '[role="dialog"]'), 3000, 'closed');
  });
});
