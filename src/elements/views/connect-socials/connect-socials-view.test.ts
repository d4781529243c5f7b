import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { DEFAULT_SOCIALS } from '../../../core/constants.js';
import { setOptions } from '../../../stores/app/options.js';
import { activeDeep, axeViolations, deep, deepAll, mountFixture, resetAll } from '../../../../test/browser/helpers.js';
import { viewTitle } from '../../modal/view-titles.js';
import './connect-socials-view.js';
import { offlineLocal } from '../../../test-utils/networks.js';

async function mount(): Promise<{ view: HTMLElement & { updateComplete: Promise<unknown> }; started: string[] }> {
  const started: string[] = [];
  const view = document.createElement('w3-connect-socials-view');
  (view as unknown as { actions: object }).actions = { start: (provider: string) => void started.push(provider) };
  const host = await mountFixture('<div></div>');
  host.append(view);
  await view.updateComplete;
  return { view, started };
}

describe('ConnectSocials', () => {
  afterEach(() => resetAll());

  it("lists every configured social as 'Continue with <Name>' in order; a row starts that login", async () => {
    setOptions({ networks: [offlineLocal.localhost], features: { socials: [...DEFAULT_SOCIALS] } });
    const { view, started } = await mount();
    const rows = deepAll<HTMLElement>(view, 'w3-ui-list-item');
    expect(rows.map((r) => r.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal([
      'Continue with Google',
      'Continue with X',
      'Continue with Farcaster',
      'Continue with Discord',
      'Continue with Apple',
      'Continue with GitHub',
      'Continue with Facebook',
    ]);
    deep<HTMLButtonElement>(rows[5]!, 'button')!.click();
    expect(started).to.deep.equal(['github']);
    expect(viewTitle('ConnectSocials')).to.equal('All socials');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('arrow keys move down the list and Enter starts the focused one', async () => {
    setOptions({ networks: [offlineLocal.localhost], features: { socials: ['discord', 'apple'] } });
    const { view, started } = await mount();
    const buttons = deepAll<HTMLElement>(view, 'w3-ui-list-item').map((r) => deep<HTMLButtonElement>(r, 'button')!);
    buttons[0]!.focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(activeDeep()).to.equal(buttons[1]);
    await sendKeys({ press: 'Enter' });
    expect(started).to.deep.equal(['apple']);
  });
});
