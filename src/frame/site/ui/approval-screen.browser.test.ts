/**
 * The frame's approval and export screens in Chromium: only a real user's click approves, and
 * only once the screen has been fully visible and still for 500 ms (the click guard); export
 * shows the keys after a second confirmation and wipes them after 60 s.
 */
import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import type { FrameEvent } from '../../messages.js';
import { AuthApiError } from '../api-client.js';
import type { Clock } from '../context.js';
import { createClickGuard } from '../guard/click-guard.js';
import { STILL_MS } from '../guard/clickable.js';
import { safetyTexts } from '../safety-texts.js';
import { createApprovalScreen } from './approval-screen.js';
import { createExportScreen, KEYS_SHOWN_MS } from './export-screen.js';
import { createSurface } from './surface.js';
import { button, realClick } from '../test-utils/screen-clicks.js';

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));
const EN = safetyTexts('en');

function setup(locale = 'en') {
  const root = document.createElement('main');
  document.body.append(root);
  const events: FrameEvent[] = [];
  const surface = createSurface(root, (event) => events.push(event));
  const guard = createClickGuard({ texts: () => safetyTexts(locale) });
  return { root, events, surface, guard };
}

/** A clock whose sleeps end only when the test says so. */
function testClock() {
  const sleeps: { ms: number; wake: () => void }[] = [];
  const clock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise<void>((wake) => sleeps.push({ ms, wake })) };
  return { clock, sleeps };
}

const holdText = (root: HTMLElement) => root.querySelector('.hold')?.textContent ?? '';

describe('frame approval screen', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('shows what is asked as text, never as HTML, and posts visibility and height', async () => {
    const { root, events, surface, guard } = setup();
    const screen = createApprovalScreen(surface, guard);
    void screen.show(
      { title: 'Sign this message', rows: [{ label: 'Network', value: 'Hardhat' }], body: '<img src=x onerror=alert(1)>' },
      'Demo <b>App</b>',
    );
    expect(root.querySelector('img')).to.equal(null);
    expect(root.querySelector('b')).to.equal(null);
    expect(root.textContent).to.contain('Demo <b>App</b> asks you to');
    expect(root.querySelector('pre')!.textContent).to.equal('<img src=x onerror=alert(1)>');
    expect(events[0]).to.deep.equal({ kind: 'event', type: 'Visibility', visible: true });
    expect(events[1]!.type).to.equal('Height');
    expect((events[1] as { height: number }).height).to.be.greaterThan(0);
    screen.hide();
    expect(root.childElementCount).to.equal(0);
    expect(events.at(-1)).to.deep.equal({ kind: 'event', type: 'Visibility', visible: false });
  });

  it('ignores synthetic clicks on Approve and real ones in the first 500 ms; then a real click approves, a real Reject rejects', async () => {
    const { root, surface, guard } = setup();
    const screen = createApprovalScreen(surface, guard);
    let outcome: boolean | undefined;
    void screen.show({ title: 'Send a transaction', rows: [] }, 'Demo').then((approved) => (outcome = approved));
    await tick(150);
    expect(button(root, 'Approve').disabled).to.equal(true);
    expect(holdText(root)).to.equal(EN.settling);
    await realClick(button(root, 'Approve'));
    await tick(STILL_MS);
    button(root, 'Approve').click();
    button(root, 'Approve').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    button(root, 'Approve').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await tick();
    expect(outcome).to.equal(undefined);
    expect(button(root, 'Approve').disabled).to.equal(false);
    expect(holdText(root)).to.equal('');
    await realClick(button(root, 'Approve'));
    await tick();
    expect(outcome).to.equal(true);

    let second: boolean | undefined;
    void screen.show({ title: 'Sign this message', rows: [] }, 'Demo').then((approved) => (second = approved));
    await realClick(button(root, 'Reject'));
    await tick();
    expect(second).to.equal(false);
  });

  it('typed data as a nested tree (text only), in the view locale, under one heading', async () => {
    const { root, surface, guard } = setup();
    const screen = createApprovalScreen(surface, guard);
    void screen.show(
      {
        title: 'Signer le message',
        rows: [],
        note: 'Ces données typées ne sont pas valides',
        tree: [
          { label: 'Domaine', children: [{ label: 'Réseau', value: 'Hardhat (31337)' }] },
          { label: 'Message', value: 'Mail', children: [{ label: 'from', children: [{ label: 'name', value: '<b>Ada</b>' }] }] },
        ],
        locale: 'fr',
      },
      'Demo',
    );
    expect([...root.querySelectorAll('h1')].map((h) => h.textContent)).to.deep.equal(['Signer le message']);
    expect(root.querySelector('.asker')!.textContent).to.equal('Demo vous demande de');
    expect(button(root, 'Approuver').disabled).to.equal(true);
    button(root, 'Refuser');
    expect(root.querySelector('.note')!.textContent).to.equal('Ces données typées ne sont pas valides');
    const top = [...root.querySelectorAll('.approval > .tree > .node')];
    expect(top.map((node) => node.querySelector(':scope > .key')!.textContent)).to.deep.equal(['Domaine', 'Message']);
    const leaf = root.querySelector('.approval > .tree > .node:nth-child(2) > .tree > .node > .tree > .node')!;
    expect(leaf.querySelector('.key')!.textContent).to.equal('name');
    expect(leaf.querySelector('.value')!.textContent).to.equal('<b>Ada</b>');
    expect(root.querySelector('b')).to.equal(null);
    screen.hide();
  });

  it('batched calls: one numbered list of their rows, one heading, the fee below; English when the locale is unknown', async () => {
    const { root, surface, guard } = setup();
    const screen = createApprovalScreen(surface, guard);
    const call = (to: string) => [
      { label: 'To', value: to },
      { label: 'Value', value: '0 ETH' },
    ];
    void screen.show(
      {
        title: 'Approve 3 transactions',
        rows: [{ label: 'Network fee', value: '0.0001 ETH' }],
        items: [call('0xA'), call('0xB'), call('0xC')],
        locale: 'xx',
      },
      'Demo',
    );
    expect(root.querySelectorAll('h1').length).to.equal(1);
    const items = [...root.querySelectorAll('ol.calls > li')];
    expect(items.map((li) => li.querySelector('dd')!.textContent)).to.deep.equal(['0xA', '0xB', '0xC']);
    expect(root.querySelector('.approval > .rows dd')!.textContent).to.equal('0.0001 ETH');
    expect(root.querySelector('.asker')!.textContent).to.equal('Demo asks you to');
    button(root, 'Approve');
    screen.hide();
  });

  it('export: Send code, a wrong code stays, the right one asks again; Show keys (after 500 ms) shows both; 60 s later they are gone', async () => {
    const { root, surface, events, guard } = setup();
    const { clock, sleeps } = testClock();
    const sent: string[] = [];
    let closed = false;
    void createExportScreen(surface, { guard, clock, texts: () => EN })
      .run({
        sendCode: async () => {
          sent.push('code');
        },
        reveal: async (otp) => {
          if (otp !== '123456') throw new AuthApiError('Wrong code', 400, undefined, { code: 'CODE_WRONG' });
          return { evmPrivateKey: '0xabc123', solanaSecretKey: 'SoLKey111' };
        },
      })
      .then(() => (closed = true));
    expect(root.textContent).to.contain('Anyone with this key controls your wallet. Never share it.');
    button(root, 'Send code').click();
    await tick();
    expect(sent).to.deep.equal([]);
    await realClick(button(root, 'Send code'));
    await tick();
    expect(sent).to.deep.equal(['code']);
    const input = root.querySelector('input')!;
    input.focus();
    await sendKeys({ type: '654321' });
    await sendKeys({ press: 'Enter' });
    await tick();
    expect(root.querySelector('[role="alert"]')!.textContent).to.equal('Invalid code');
    input.value = '';
    input.focus();
    await sendKeys({ type: '123456' });
    await sendKeys({ press: 'Enter' });
    await tick();
    // The second confirmation: no key yet, and 'Show keys' waits like 'Approve'.
    expect(root.textContent).to.contain(EN.exportConfirm);
    expect(root.textContent).not.to.contain('0xabc123');
    expect(button(root, EN.showKeys).disabled).to.equal(true);
    await realClick(button(root, EN.showKeys));
    button(root, EN.showKeys).click();
    await tick(STILL_MS);
    expect(root.textContent).not.to.contain('0xabc123');
    await realClick(button(root, EN.showKeys));
    await tick();
    expect(root.textContent).to.contain('0xabc123');
    expect(root.textContent).to.contain('SoLKey111');
    expect(root.textContent).to.contain(EN.keysHideSoon);
    expect([...root.querySelectorAll('button')].filter((b) => b.textContent === 'Copy')).to.have.length(2);
    // 60 s on the frame's clock: the keys leave the screen.
    expect(sleeps.map((s) => s.ms)).to.deep.equal([KEYS_SHOWN_MS]);
    sleeps[0]!.wake();
    await tick();
    expect(root.textContent).not.to.contain('0xabc123');
    expect(root.textContent).not.to.contain('SoLKey111');
    expect(root.querySelectorAll('code')).to.have.length(0);
    expect(root.textContent).to.contain(EN.keysHidden);
    await realClick(button(root, 'Done'));
    await tick();
    expect(closed).to.equal(true);
    expect(root.textContent).to.equal('');
    expect(events.at(-1)).to.deep.equal({ kind: 'event', type: 'Visibility', visible: false });
  });

  it('export: Done before the 60 s wipes the keys at once', async () => {
    const { root, surface, guard } = setup();
    const { clock } = testClock();
    let closed = false;
    void createExportScreen(surface, { guard, clock, texts: () => EN })
      .run({ sendCode: async () => undefined, reveal: async () => ({ evmPrivateKey: '0xdef456', solanaSecretKey: 'SoLKey222' }) })
      .then(() => (closed = true));
    await realClick(button(root, 'Send code'));
    await tick();
    root.querySelector('input')!.focus();
    await sendKeys({ type: '123456' });
    await sendKeys({ press: 'Enter' });
    await tick(STILL_MS + 50);
    await realClick(button(root, EN.showKeys));
    await tick();
    expect(root.textContent).to.contain('0xdef456');
    await realClick(button(root, 'Done'));
    await tick();
    expect(closed).to.equal(true);
    expect(root.textContent).to.equal('');
  });
});
