import { expect } from 'chai';
import { html, type TemplateResult } from 'lit';
import { ConnectionRejectedError } from '../../../core/errors.js';
import { showAlert } from '../../../stores/ui/alerts.js';
import { setLocale } from '../../../stores/ui/locale.js';
import { $toast, showError, showLoading, showToast } from '../../../stores/ui/toast.js';
import { W3Element } from '../../base/w3-element.js';
import { definePrimitives } from '../../primitives/index.js';
import { deep, deepText, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { messageText } from '../../l10n/messages.js';
import { NoticesController } from './notices.js';

class NoticesHost extends W3Element {
  static override readonly tagName = 'w3-test-notices-host';
  readonly notices = new NoticesController(this);
  override render(): TemplateResult {
    return html`${this.notices.renderToast()}${this.notices.renderAlert()}`;
  }
}
NoticesHost.define();

/** The text of the toast the store holds, as the modal shows it. */
function toastText(): string {
  return messageText($toast.get().message);
}

async function mount(): Promise<NoticesHost> {
  definePrimitives();
  const host = document.createElement(NoticesHost.tagName) as NoticesHost;
  document.body.append(host);
  await host.updateComplete;
  return host;
}

describe('NoticesController', () => {
  beforeEach(() => resetAll());
  afterEach(() => resetAll());

  it('renders the toast store: status for loading, alert for errors', async () => {
    const host = await mount();
    showLoading({ code: 'TEXT', text: 'Authenticating...' });
    await waitFor(() => deep(host, 'w3-ui-toast', '[role="status"]')?.textContent?.includes('Authenticating...'), 1000, 'status');
    showError({ code: 'ERROR', error: new ConnectionRejectedError() });
    await waitFor(() => deep(host, 'w3-ui-toast', '[role="alert"]')?.textContent?.includes('Connection rejected'), 1000, 'alert');
  });

  it("a transaction's toast links to the explorer, or copies the hash where there is none", async () => {
    const host = await mount();
    const hash = `0x${'cd'.repeat(32)}`;
    showToast({ code: 'TRANSACTION_SENT' }, 'loading', {
      label: 'VIEW_ON_EXPLORER',
      explorer: 'Etherscan',
      href: `https://etherscan.io/tx/${hash}`,
    });
    const link = await waitFor(() => deep<HTMLAnchorElement>(host, 'w3-ui-toast', 'a'), 1000, 'toast link');
    expect(link.href).to.equal(`https://etherscan.io/tx/${hash}`);
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.equal('noopener noreferrer');
    showToast({ code: 'TRANSACTION_CONFIRMED' }, 'success', { label: 'COPY_HASH', copy: hash });
    const button = await waitFor(() => deep<HTMLButtonElement>(host, 'w3-ui-toast', 'button'), 1000, 'copy button');
    expect(button.textContent).to.equal('Copy hash');
    button.click();
    // Copied (or, where the clipboard is refused, the hash shown to copy by hand).
    await waitFor(() => ['Transaction hash copied', hash].includes(toastText()), 2000, 'copied');
  });

  it('renders an error alert as role alert, the warning as role status, and dismisses it', async () => {
    const host = await mount();
    expect(host.renderRoot.querySelector('.alert')).to.equal(null);
    showAlert('SERVER_ERROR');
    await host.updateComplete;
    const error = host.renderRoot.querySelector<HTMLElement>('.alert[role="alert"]')!;
    expect(deepText(error)).to.contain('Error: Server Error The server answered with an error.');
    showAlert('LOCAL_CONFIGURATION_IGNORED');
    await host.updateComplete;
    expect(deepText(host.renderRoot.querySelector('.alert.warning[role="status"]')!)).to.contain('Warning: Local configuration ignored');
    deep<HTMLElement>(host, 'w3-ui-icon-button[label="Dismiss alert"]', 'button')!.click();
    await host.updateComplete;
    expect(host.renderRoot.querySelector('.alert')).to.equal(null);
  });

  it('shows the toast, its action and the alert in the active locale', async () => {
    const host = await mount();
    try {
      await setLocale('en-XA');
      showToast({ code: 'TRANSACTION_CONFIRMED' }, 'success', { label: 'COPY_HASH', copy: '0x1' });
      const toast = await waitFor(() => deep(host, 'w3-ui-toast', '[role="status"]'), 1000, 'toast');
      await waitFor(() => /⟦.+⟧/.test(toast.textContent ?? ''), 1000, 'pseudo toast');
      expect(toast.textContent).not.to.contain('Transaction confirmed');
      expect(deep(host, 'w3-ui-toast', 'button')!.textContent).to.match(/^⟦.+⟧$/);
      showAlert('SERVER_ERROR');
      await host.updateComplete;
      const alert = deepText(host.renderRoot.querySelector('.alert[role="alert"]')!);
      expect(alert).to.match(/⟦.+⟧/);
      expect(alert).not.to.contain('Server Error');
      // An error's text follows its code; a wallet's own words are shown as given.
      showError({ code: 'ERROR', error: new ConnectionRejectedError() });
      await waitFor(() => /⟦.+⟧/.test(deep(host, 'w3-ui-toast', '[role="alert"]')?.textContent ?? ''), 1000, 'pseudo error');
      showError({ code: 'ERROR', error: new Error('Wallet says no') });
      await waitFor(() => deep(host, 'w3-ui-toast', '[role="alert"]')?.textContent?.includes('Wallet says no'), 1000, 'wallet text');
    } finally {
      await setLocale('en');
    }
  });
});
