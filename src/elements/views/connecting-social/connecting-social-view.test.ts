import { expect } from 'chai';
import { EmbeddedWalletError } from '../../../core/errors/frame.js';
import { $socialLogin } from '../../../stores/embedded/state.js';
import { axeViolations, deep, mountFixture, resetAll } from '../../../../test/browser/helpers.js';
import './connecting-social-view.js';

async function mount(): Promise<{ view: HTMLElement & { updateComplete: Promise<unknown> }; retried: string[] }> {
  const retried: string[] = [];
  const view = document.createElement('w3-connecting-social-view');
  (view as unknown as { actions: object }).actions = { retry: (provider: string) => void retried.push(provider) };
  const host = await mountFixture('<div></div>');
  host.append(view);
  await view.updateComplete;
  return { view, retried };
}

describe('ConnectingSocial', () => {
  afterEach(() => resetAll());

  it("shows the provider and 'Authenticating...' while the popup runs", async () => {
    $socialLogin.set({ step: 'authenticating', provider: 'github', error: undefined });
    const { view } = await mount();
    expect(deep(view, 'strong')!.textContent).to.equal('GitHub');
    expect(deep(view, '[role="status"]')!.textContent).to.equal('Authenticating...');
    expect(deep(view, '[role="alert"]')).to.equal(null);
    expect(await axeViolations()).to.deep.equal([]);
  });

  for (const [text, details] of [
    ['Popup closed', undefined],
    ['Failed to initiate social connection', undefined],
    ['Failed to connect', 'access_denied'],
  ] as const) {
    it(`'${text}' stays with 'Try again', which starts the same provider again`, async () => {
      $socialLogin.set({ step: 'error', provider: 'google', error: new EmbeddedWalletError(text, details ? { details } : {}) });
      const { view, retried } = await mount();
      expect(deep(view, '[role="alert"]')!.textContent).to.equal(text);
      expect(deep(view, '.detail')?.textContent ?? undefined).to.equal(details);
      expect(deep(view, '[role="status"]')).to.equal(null);
      const retry = deep<HTMLElement>(view, 'w3-ui-button')!;
      expect(retry.textContent!.trim()).to.equal('Try again');
      deep<HTMLButtonElement>(retry, 'button')!.click();
      expect(retried).to.deep.equal(['google']);
      expect(await axeViolations()).to.deep.equal([]);
    });
  }
});
