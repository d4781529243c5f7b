/** The frame's approval and export screens in Chromium: only a real user's click approves. */
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { expect } from 'chai';
import type { FrameEvent } from '../../messages.js';
import { createApprovalScreen } from './approval-screen.js';
import { createExportScreen } from './export-screen.js';
import { createSurface } from './surface.js';

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

function setup() {
  const root = document.createElement('main');
  document.body.append(root);
  const events: FrameEvent[] = [];
  const surface = createSurface(root, (event) => events.push(event));
  return { root, events, surface };
}

function button(root: HTMLElement, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

async function realClick(target: HTMLElement): Promise<void> {
  const rect = target.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(rect.x + rect.width / 2), Math.round(rect.y + rect.height / 2)] });
}

describe('frame approval screen', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('shows what is asked as text, never as HTML, and posts visibility and height', async () => {
    const { root, events, surface } = setup();
    const screen = createApprovalScreen(surface);
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

  it('ignores synthetic clicks on Approve; a real click approves, a real Reject rejects', async () => {
    const { root, surface } = setup();
    const screen = createApprovalScreen(surface);
    let outcome: boolean | undefined;
    void screen.show({ title: 'Send a transaction', rows: [] }, 'Demo').then((approved) => (outcome = approved));
    button(root, 'Approve').click();
    button(root, 'Approve').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    button(root, 'Approve').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await tick();
    expect(outcome).to.equal(undefined);
    await realClick(button(root, 'Approve'));
    await tick();
    expect(outcome).to.equal(true);

    let second: boolean | undefined;
    void screen.show({ title: 'Sign this message', rows: [] }, 'Demo').then((approved) => (second = approved));
    await realClick(button(root, 'Reject'));
    await tick();
    expect(second).to.equal(false);
  });

  it('export: Send code, a wrong code stays with the message, the right one shows both keys, Done wipes', async () => {
    const { root, surface, events } = setup();
    const sent: string[] = [];
    let closed = false;
    void createExportScreen(surface)
      .run({
        sendCode: async () => {
          sent.push('code');
        },
        reveal: async (otp) => {
          if (otp !== '123456') throw new Error('Invalid code');
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
    expect(root.textContent).to.contain('0xabc123');
    expect(root.textContent).to.contain('SoLKey111');
    expect([...root.querySelectorAll('button')].filter((b) => b.textContent === 'Copy')).to.have.length(2);
    await realClick(button(root, 'Done'));
    await tick();
    expect(closed).to.equal(true);
    expect(root.textContent).to.equal('');
    expect(events.at(-1)).to.deep.equal({ kind: 'event', type: 'Visibility', visible: false });
  });
});
