import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { activeDeep, axeViolations, deepAll, mountFixture, resetAll } from '../../../../test/browser/helpers.js';
import { defineUiOtpInput } from './otp-input.js';
import type { W3UiOtpInput } from './otp-input.element.js';

async function mount(): Promise<{ el: W3UiOtpInput; boxes: HTMLInputElement[]; events: string[] }> {
  defineUiOtpInput();
  const el = (await mountFixture('<w3-ui-otp-input></w3-ui-otp-input>')) as unknown as W3UiOtpInput;
  const events: string[] = [];
  el.addEventListener('w3-input', (e) => events.push(`input:${(e as CustomEvent<{ value: string }>).detail.value}`));
  el.addEventListener('w3-complete', (e) => events.push(`complete:${(e as CustomEvent<{ value: string }>).detail.value}`));
  return { el, boxes: deepAll<HTMLInputElement>(el, 'input'), events };
}

const values = (boxes: HTMLInputElement[]) => boxes.map((b) => b.value).join(',');

function paste(target: HTMLInputElement, text: string): void {
  const data = new DataTransfer();
  data.setData('text/plain', text);
  target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true }));
}

describe('<w3-ui-otp-input>', () => {
  afterEach(() => resetAll());

  it('has six named numeric boxes, one-time-code autocomplete on the first, and focus() lands on the first', async () => {
    const { el, boxes } = await mount();
    expect(boxes.map((b) => b.getAttribute('aria-label'))).to.deep.equal([1, 2, 3, 4, 5, 6].map((i) => `Digit ${i} of 6`));
    expect(boxes.every((b) => b.getAttribute('inputmode') === 'numeric')).to.equal(true);
    expect(boxes[0]!.getAttribute('autocomplete')).to.equal('one-time-code');
    el.focus();
    expect(activeDeep() === boxes[0]).to.equal(true);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('moves on after each digit, ignores other keys, and fires w3-complete with the sixth digit', async () => {
    const { el, boxes, events } = await mount();
    el.focus();
    await sendKeys({ type: '12a3-45' });
    expect(values(boxes)).to.equal('1,2,3,4,5,');
    expect(activeDeep() === boxes[5]).to.equal(true);
    expect(events.some((e) => e.startsWith('complete'))).to.equal(false);
    await sendKeys({ type: '6' });
    await el.updateComplete;
    expect(el.value).to.equal('123456');
    expect(events.at(-1)).to.equal('complete:123456');
    expect(events.filter((e) => e.startsWith('input'))).to.deep.equal([
      'input:1',
      'input:12',
      'input:123',
      'input:1234',
      'input:12345',
      'input:123456',
    ]);
  });

  it('Backspace on an empty box clears the one before and moves there; arrows move', async () => {
    const { el, boxes } = await mount();
    el.focus();
    await sendKeys({ type: '123' });
    expect(activeDeep() === boxes[3]).to.equal(true);
    await sendKeys({ press: 'Backspace' });
    await el.updateComplete;
    expect(values(boxes)).to.equal('1,2,,,,');
    expect(activeDeep() === boxes[2]).to.equal(true);
    await sendKeys({ press: 'ArrowLeft' });
    await el.updateComplete;
    expect(activeDeep() === boxes[1]).to.equal(true);
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    expect(activeDeep() === boxes[3]).to.equal(true);
  });

  it('a pasted whole code fills every box from the first, wherever it is pasted', async () => {
    const { el, boxes, events } = await mount();
    paste(boxes[3]!, ' 987 654 ');
    await el.updateComplete;
    expect(values(boxes)).to.equal('9,8,7,6,5,4');
    expect(events.at(-1)).to.equal('complete:987654');
    el.clear();
    await el.updateComplete;
    expect(values(boxes)).to.equal(',,,,,');
    paste(boxes[0]!, 'no digits');
    await el.updateComplete;
    expect(el.value).to.equal('');
  });

  it('keeps the digits in reading order in a right-to-left page, the first box at the start of the code', async () => {
    document.documentElement.dir = 'rtl';
    try {
      const { el, boxes } = await mount();
      el.focus();
      await sendKeys({ type: '12' });
      expect(boxes[0]!.getBoundingClientRect().left < boxes[1]!.getBoundingClientRect().left).to.equal(true);
      await sendKeys({ press: 'ArrowLeft' });
      await el.updateComplete;
      expect(activeDeep() === boxes[1]).to.equal(true);
    } finally {
      document.documentElement.dir = '';
    }
  });

  it('error marks every box invalid and describes them by the message; disabled disables them', async () => {
    const { el, boxes } = await mount();
    el.error = 'Invalid code';
    el.disabled = true;
    await el.updateComplete;
    const alert = el.shadowRoot!.querySelector('[role="alert"]')!;
    expect(alert.textContent).to.equal('Invalid code');
    for (const box of boxes) {
      expect(box.getAttribute('aria-invalid')).to.equal('true');
      expect(box.getAttribute('aria-describedby')).to.equal(alert.id);
      expect(box.disabled).to.equal(true);
    }
  });
});
