import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { mountFixture, resetAll } from '../../../../test/browser/helpers.js';
import { defineUiTabs } from './tabs.js';

describe('<w3-ui-tabs>', () => {
  // Defined by the Account view, which shows it, not by definePrimitives().
  before(() => defineUiTabs());
  afterEach(() => resetAll());

  it('w3-ui-tabs selects with click and arrow keys and fires w3-tab-change', async () => {
    const el = await mountFixture('<w3-ui-tabs label="Account"></w3-ui-tabs>');
    el['tabs'] = [
      { value: 'tokens', label: 'Tokens' },
      { value: 'nfts', label: 'NFTs' },
      { value: 'activity', label: 'Activity' },
    ];
    el['value'] = 'tokens';
    await el.updateComplete;
    const changes: string[] = [];
    el.addEventListener('w3-tab-change', (e) => changes.push((e as CustomEvent).detail.value));
    const tabs = () => Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('[role="tab"]'));
    tabs()[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'End' });
    await sendKeys({ press: 'ArrowRight' });
    tabs()[1]!.click();
    await el.updateComplete;
    expect(changes).to.deep.equal(['nfts', 'activity', 'tokens', 'nfts']);
    expect(tabs()[1]!.getAttribute('aria-selected')).to.equal('true');
    expect(tabs()[1]!.tabIndex).to.equal(0);
    expect(tabs()[0]!.tabIndex).to.equal(-1);
  });

  it('w3-ui-tabs swaps ArrowLeft and ArrowRight right to left', async () => {
    const el = await mountFixture('<w3-ui-tabs label="Account" dir="rtl"></w3-ui-tabs>');
    el['tabs'] = [
      { value: 'tokens', label: 'Tokens' },
      { value: 'nfts', label: 'NFTs' },
    ];
    el['value'] = 'tokens';
    await el.updateComplete;
    el.shadowRoot!.querySelector<HTMLElement>('[role="tab"]')!.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await el.updateComplete;
    expect(el['value']).to.equal('nfts');
    expect(el.shadowRoot!.activeElement?.getAttribute('data-value')).to.equal('nfts');
  });
});
