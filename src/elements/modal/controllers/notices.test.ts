import { expect } from 'chai';
import { html, type TemplateResult } from 'lit';
import { showAlert } from '../../../stores/alerts.js';
import { showError, showLoading } from '../../../stores/toast.js';
import { W3Element } from '../../base/w3-element.js';
import { definePrimitives } from '../../primitives/index.js';
import { deep, deepText, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { NoticesController } from './notices.js';

class NoticesHost extends W3Element {
  static override readonly tagName = 'w3-test-notices-host';
  readonly notices = new NoticesController(this);
  override render(): TemplateResult {
    return html`${this.notices.renderToast()}${this.notices.renderAlert()}`;
  }
}
NoticesHost.define();

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
    showLoading('Authenticating...');
    await waitFor(() => deep(host, 'w3-ui-toast', '[role="status"]')?.textContent?.includes('Authenticating...'), 1000, 'status');
    showError('Connection rejected');
    await waitFor(() => deep(host, 'w3-ui-toast', '[role="alert"]')?.textContent?.includes('Connection rejected'), 1000, 'alert');
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
});
