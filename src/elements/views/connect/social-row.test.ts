import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { DEFAULT_SOCIALS } from '../../../core/constants.js';
import type { SocialProvider } from '../../../core/options.js';
import { cancelSocialLogin } from '../../../stores/embedded/social.js';
import { $socialLogin } from '../../../stores/embedded/state.js';
import { $router } from '../../../stores/ui/router.js';
import { activeDeep, axeViolations, deep, deepAll, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

async function openConnect(socials: false | SocialProvider[]): Promise<{ el: W3Modal; view: HTMLElement }> {
  const el = await mountModal({ features: { socials } });
  await el.modal.open({ view: 'Connect' });
  const view = await waitFor(() => deep<HTMLElement>(el, 'w3-connect-view'), 5000, 'Connect');
  return { el, view };
}

const names = (view: HTMLElement): string[] =>
  deepAll<HTMLButtonElement>(view, 'ul.socials button').map((b) => b.getAttribute('aria-label')!);

describe("Connect's social row", () => {
  const realOpen = window.open;
  afterEach(() => {
    cancelSocialLogin();
    window.open = realOpen;
    resetAll();
  });

  it('up to four socials: one icon button each, in the configured order, named exactly by the provider', async () => {
    const { view } = await openConnect(['github', 'discord', 'apple', 'facebook']);
    expect(names(view)).to.deep.equal(['GitHub', 'Discord', 'Apple', 'Facebook']);
    for (const button of deepAll<HTMLButtonElement>(view, 'ul.socials button')) {
      expect(button.textContent!.trim()).to.equal('');
      // Layout size (the modal's opening scale does not count): a 44 px target.
      expect(button.offsetWidth).to.be.at.least(44);
      expect(button.offsetHeight).to.be.at.least(44);
    }
    expect(await axeViolations()).to.deep.equal([]);
  });

  it("more than four: the first three and 'More social logins', which opens ConnectSocials", async () => {
    const { el, view } = await openConnect([...DEFAULT_SOCIALS]);
    expect(names(view)).to.deep.equal(['Google', 'X', 'Farcaster', 'More social logins']);
    deep<HTMLButtonElement>(view, 'button[data-social="more"]')!.click();
    await waitFor(() => deep(el, 'w3-connect-socials-view'), 5000, 'ConnectSocials');
    expect($router.get().view).to.equal('ConnectSocials');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('socials false hides the section', async () => {
    const { view } = await openConnect(false);
    expect(deep(view, 'section[data-method="social"]')).to.equal(null);
    expect(names(view)).to.deep.equal([]);
  });

  it('arrow keys, Home and End move along the row; Enter starts that login (a popup, ConnectingSocial)', async () => {
    const { el, view } = await openConnect(['google', 'x', 'github']);
    const buttons = deepAll<HTMLButtonElement>(view, 'ul.socials button');
    buttons[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(activeDeep()).to.equal(buttons[1]);
    await sendKeys({ press: 'End' });
    expect(activeDeep()).to.equal(buttons[2]);
    await sendKeys({ press: 'ArrowRight' });
    expect(activeDeep()).to.equal(buttons[0]);
    await sendKeys({ press: 'ArrowLeft' });
    expect(activeDeep()).to.equal(buttons[2]);
    await sendKeys({ press: 'Home' });
    expect(activeDeep()).to.equal(buttons[0]);
    const opened: string[] = [];
    window.open = ((url?: string | URL, target?: string, features?: string) => {
      opened.push(`${String(url)}|${target}|${features}`);
      return null;
    }) as typeof window.open;
    buttons[2]!.focus();
    await sendKeys({ press: 'Enter' });
    expect(opened).to.have.length(1);
    expect(opened[0]).to.match(/^\|w3kit-social\|popup,width=600,height=800,left=\d+,top=\d+$/);
    expect($router.get().view).to.equal('ConnectingSocial');
    expect($socialLogin.get().provider).to.equal('github');
    await waitFor(() => deep(el, 'w3-connecting-social-view'), 5000, 'ConnectingSocial');
  });

  it('Farcaster opens ConnectingFarcaster', async () => {
    const { view } = await openConnect(['farcaster']);
    deep<HTMLButtonElement>(view, 'button[data-social="farcaster"]')!.click();
    expect($router.get().view).to.equal('ConnectingFarcaster');
  });
});
