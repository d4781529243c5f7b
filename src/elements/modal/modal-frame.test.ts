import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import type { HostLayoutMessage } from '../../frame/messages.js';
import { $frameLayout } from '../../stores/embedded/frame-element.js';
import { $frameElement, $frameTask, $frameView } from '../../stores/embedded/state.js';
import { closeModal } from '../../stores/ui/modal.js';
import { goBack } from '../../stores/connection/navigation.js';
import { $router, pushView } from '../../stores/ui/router.js';
import { deep, dialogOf, mountModal, resetAll, waitFor } from '../../../test/browser/helpers.js';
import type { W3Modal } from './modal.element.js';

/** A frame stand-in with a button inside; counts its loads (a moved iframe loads again). */
function makeFrame(): { iframe: HTMLIFrameElement; loads: () => number } {
  const iframe = document.createElement('iframe');
  iframe.title = 'Embedded wallet';
  let loads = 0;
  iframe.addEventListener('load', () => loads++);
  iframe.srcdoc = '<!doctype html><title>frame</title><button>Approve</button>';
  return { iframe, loads: () => loads };
}

const containerOf = (el: W3Modal) => el.shadowRoot!.querySelector<HTMLElement>('div.frame[part="frame"]');
const isShown = (el: W3Modal) => {
  const c = containerOf(el);
  return !!c && getComputedStyle(c).visibility === 'visible' && !c.inert && c.getAttribute('aria-hidden') === null;
};

/**
 * The dialog pops in (scaled) and its body's height animates: measures wait until no animation
 * runs in the modal, and the frame has followed (it is placed each animation frame).
 */
async function animationsOver(el: HTMLElement): Promise<void> {
  await waitFor(() => el.shadowRoot!.getAnimations().length === 0, 3000, 'the animations over');
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}

describe('<w3-modal> and the embedded wallet frame', () => {
  afterEach(() => {
    $frameElement.set(undefined);
    $frameView.set({ visible: false, height: 0 });
    $frameTask.set(undefined);
    resetAll();
  });

  it('holds the iframe hidden (not display:none) in one container of its shadow root', async () => {
    const el = await mountModal();
    const { iframe, loads } = makeFrame();
    $frameElement.set(iframe);
    // The modal's shell (a lazy chunk) holds the frame: it loads for it, the modal closed.
    const container = await waitFor(() => containerOf(el), 3000, 'the frame container');
    expect(container.parentNode === el.shadowRoot).to.equal(true);
    expect(iframe.parentNode === container).to.equal(true);
    await waitFor(() => loads() === 1, 3000, 'the frame loaded');
    expect(container.getAttribute('aria-hidden')).to.equal('true');
    expect(container.inert).to.equal(true);
    const style = getComputedStyle(container);
    expect(style.visibility).to.equal('hidden');
    expect(style.display).to.not.equal('none');
    expect(container.getBoundingClientRect().width).to.equal(0);
    expect(iframe.getAttribute('tabindex')).to.equal('-1');
  });

  it('keeps the SAME iframe, never moved or reloaded, across opening, closing and view changes', async () => {
    const el = await mountModal();
    const { iframe, loads } = makeFrame();
    $frameElement.set(iframe);
    // The modal's shell (a lazy chunk) holds the frame: it loads for it, the modal closed.
    const container = await waitFor(() => containerOf(el), 3000, 'the frame container');
    await waitFor(() => loads() === 1, 3000, 'the frame loaded');
    const removed: Node[] = [];
    const observer = new MutationObserver((records) => records.forEach((r) => removed.push(...r.removedNodes)));
    observer.observe(el.shadowRoot!, { childList: true, subtree: true });
    $frameTask.set({ kind: 'export' });
    $frameView.set({ visible: true, height: 260 });
    await el.modal.open({ view: 'Connect' });
    pushView('ApproveTransaction');
    await waitFor(() => isShown(el), 3000, 'the frame shown');
    goBack();
    await waitFor(() => !isShown(el), 3000, 'the frame hidden');
    closeModal();
    await el.updateComplete;
    await el.modal.open({ view: 'ApproveTransaction' });
    await waitFor(() => isShown(el), 3000, 'the frame shown again');
    closeModal();
    await waitFor(() => !isShown(el), 3000, 'the frame hidden with the modal closed');
    observer.disconnect();
    expect(removed.includes(iframe) || removed.includes(container)).to.equal(false);
    expect(containerOf(el) === container && iframe.parentNode === container).to.equal(true);
    expect(loads()).to.equal(1);
  });

  it('shows the frame only on ApproveTransaction while the frame asks to be seen, over the view’s room', async () => {
    const el = await mountModal();
    const { iframe } = makeFrame();
    $frameElement.set(iframe);
    $frameTask.set({ kind: 'export' });
    $frameView.set({ visible: true, height: 320 });
    await el.modal.open({ view: 'Connect' });
    await waitFor(() => deep(el, 'w3-connect-view'), 3000, 'Connect');
    await new Promise((r) => setTimeout(r, 100));
    expect(isShown(el)).to.equal(false);
    const reports: HostLayoutMessage[] = [];
    const stop = $frameLayout.listen((layout) => layout && reports.push(layout));
    pushView('ApproveTransaction');
    await waitFor(() => isShown(el), 3000, 'the frame shown');
    const room = deep(el, 'w3-approve-transaction-view', '[data-frame-room]')!;
    await waitFor(() => Math.abs(containerOf(el)!.getBoundingClientRect().top - room.getBoundingClientRect().top) < 1, 2000, 'laid over');
    await animationsOver(el);
    const box = containerOf(el)!.getBoundingClientRect();
    const target = room.getBoundingClientRect();
    // Within a pixel: sub-pixel layout rounds either way while the dialog settles.
    const near = (a: number, b: number, what: string) => expect(Math.abs(a - b) <= 1, `${what}: ${a} vs ${b}`).to.equal(true);
    near(box.height, 320, 'height');
    near(box.width, target.width, 'width');
    near(box.left, target.left, 'left');
    // Outside the dialog in the DOM, inside it for assistive technology.
    expect(deep(el, '.body')!.getAttribute('aria-owns')).to.equal(containerOf(el)!.id);
    // The frame's click guard heard the view change animate, then where the frame rests, whole.
    expect(reports.some((layout) => layout.animating)).to.equal(true);
    const last = $frameLayout.get()!;
    expect(last.animating).to.equal(false);
    expect(last.clipped).to.equal(false);
    near(last.rect.x, box.left, 'reported x');
    near(last.rect.y, box.top, 'reported y');
    near(last.rect.height, 320, 'reported height');
    $frameView.setKey('visible', false);
    await waitFor(() => !isShown(el), 2000, 'the frame hidden');
    expect($frameLayout.get()).to.deep.include({ clipped: true });
    expect($frameLayout.get()!.rect.width).to.equal(0);
    stop();
    expect($router.get().view).to.equal('ApproveTransaction');
  });

  it('lays the frame on whole pixels (a half-pixel edge shows a line under the screen), within half a pixel of its room', async () => {
    const el = await mountModal();
    $frameElement.set(makeFrame().iframe);
    $frameTask.set({ kind: 'export' });
    await el.modal.open({ view: 'ApproveTransaction' });
    const tops: number[] = [];
    // One of two heights a pixel apart centres the dialog on a half pixel.
    for (const height of [320, 321]) {
      $frameView.set({ visible: true, height });
      await waitFor(() => isShown(el), 3000, 'the frame shown');
      await animationsOver(el);
      const room = deep(el, 'w3-approve-transaction-view', '[data-frame-room]')!.getBoundingClientRect();
      await waitFor(() => Math.abs(containerOf(el)!.getBoundingClientRect().height - room.height) < 0.01, 2000, 'followed');
      const box = containerOf(el)!.getBoundingClientRect();
      tops.push(room.top);
      expect(Number.isInteger(box.top) && Number.isInteger(box.left), `placed at ${box.left}, ${box.top}`).to.equal(true);
      expect(Math.abs(box.top - room.top) <= 0.5 && Math.abs(box.left - room.left) <= 0.5).to.equal(true);
    }
    expect(
      tops.some((top) => !Number.isInteger(top)),
      `room tops ${tops.join(', ')}`,
    ).to.equal(true);
  });

  it('cuts the frame to the scrolling body when its room is taller (never over the header)', async () => {
    const el = await mountModal();
    const { iframe } = makeFrame();
    $frameElement.set(iframe);
    $frameTask.set({ kind: 'export' });
    $frameView.set({ visible: true, height: 3000 });
    await el.modal.open({ view: 'ApproveTransaction' });
    await waitFor(() => isShown(el), 3000, 'the frame shown');
    await animationsOver(el);
    const body = deep(el, '.body')!.getBoundingClientRect();
    const room = deep(el, 'w3-approve-transaction-view', '[data-frame-room]')!.getBoundingClientRect();
    expect(room.bottom > body.bottom).to.equal(true);
    // inset(top right bottom left): nothing cut at the top, the overflow cut at the bottom.
    const insets = () => (getComputedStyle(containerOf(el)!).clipPath.match(/-?[\d.]+px/g) ?? []).map(parseFloat);
    await waitFor(() => insets().length > 0, 2000, 'a clip path');
    const [top, , bottom] = insets();
    expect(Math.abs(bottom! - (room.bottom - body.bottom)) < 1, `bottom ${bottom} vs ${room.bottom - body.bottom}`).to.equal(true);
    expect(top).to.equal(0);
    // The click guard hears that the frame is cut off.
    expect($frameLayout.get()?.clipped).to.equal(true);
  });

  it('lets Tab reach the iframe while it shows', async () => {
    const el = await mountModal();
    const { iframe } = makeFrame();
    $frameElement.set(iframe);
    $frameTask.set({ kind: 'export' });
    $frameView.set({ visible: true, height: 240 });
    await el.modal.open({ view: 'ApproveTransaction' });
    await waitFor(() => isShown(el), 3000, 'the frame shown');
    const close = deep<HTMLElement>(dialogOf(el)!, 'w3-ui-icon-button[icon="close"]', 'button') ?? undefined;
    expect(close).to.not.equal(undefined);
    close!.focus();
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement === iframe).to.equal(true);
  });
});
