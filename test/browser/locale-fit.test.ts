/**
 * Labels that must keep their shape in every locale (issue 28, item 7): on a 375 px phone the
 * Account view's tab labels (Tokens, NFTs, Activity) stay on one line in ar and ja (and in the
 * dialog of a wide screen), with their full
 * text as the tab's name; in rtl (ar, he) the All Wallets count reads '1000+', its plus after the
 * number, not '+1000'.
 */
import { expect } from 'chai';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import { $locale, setLocale } from '../../src/stores/ui/locale.js';
import type { W3Modal } from '../../src/elements/modal/modal.element.js';
import type { W3ModalOptions } from '../../src/core/options.js';
import { CLOSED_RPC } from '../../src/test-utils/networks.js';
import { apiOptions, connectAccount, deep, deepAll, mountModal, resetAll, waitFor } from './helpers.js';

/** Mounts the modal in `locale` (the option; it loads lazily) and waits until the host has its dir. */
async function mountIn(locale: string, options: Partial<W3ModalOptions> = {}): Promise<W3Modal> {
  const el = await mountModal({ ...options, locale });
  await waitFor(() => $locale.get() === locale, 3000, `locale ${locale}`);
  await el.updateComplete;
  return el;
}

/** The boxes of a text node's characters from `start` to `end`, one per line it is laid out on. */
function textRects(node: Node, start = 0, end = node.textContent!.length): DOMRect[] {
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, end);
  return Array.from(range.getClientRects()).filter((r) => r.width > 0);
}

/** The element's first text node with visible text. */
function textNode(el: Element): Text {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT, { acceptNode: (n) => (n.textContent!.trim() ? 1 : 2) });
  const node = walker.nextNode();
  if (!node) throw new Error(`${el.localName} has no text`);
  return node as Text;
}

describe('labels in other scripts and directions', () => {
  beforeEach(async () => {
    resetAll();
    await emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
  });
  afterEach(async () => {
    await setLocale('en');
    await setViewport({ width: 1000, height: 800 });
    resetAll();
  });

  for (const [locale, names] of [
    ['ar', ['الرموز المميزة', 'NFT', 'النشاط']],
    ['ja', ['トークン', 'NFT', 'アクティビティ']],
  ] as const) {
    for (const width of [320, 375, 1000]) {
      it(`in ${locale} at ${width} px the Account tab labels stay on one line, named in full`, async () => {
        await setViewport({ width, height: 740 });
        const el = await mountIn(locale, { blockchainApiUrl: CLOSED_RPC, projectId: 'w3kit-dev', features: { history: true } });
        connectAccount();
        await el.modal.open({ view: 'Account' });
        const view = await waitFor(() => deep(el, 'w3-account-view'), 3000, 'Account view');
        const tabs = await waitFor(
          () => {
            const all = deepAll<HTMLElement>(view, 'w3-ui-tabs', '[role="tab"]');
            return all.length === 3 && all;
          },
          3000,
          'three tabs',
        );
        expect(tabs.map((t) => t.textContent!.trim())).to.deep.equal([...names]);
        for (const tab of tabs) {
          const lineHeight = parseFloat(getComputedStyle(tab).lineHeight);
          const tops = new Set(textRects(textNode(tab)).map((r) => Math.round(r.top)));
          expect(tops.size, `${tab.textContent!.trim()}: lines`).to.equal(1);
          const style = getComputedStyle(tab);
          const content = tab.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
          expect(content, `${tab.textContent!.trim()}: height of its text`).to.be.closeTo(lineHeight, 1);
          // The tab is inside its list (nothing spills out of the row).
          const list = tab.parentElement!.getBoundingClientRect();
          const box = tab.getBoundingClientRect();
          expect(box.left).to.be.at.least(list.left - 0.5);
          expect(box.right).to.be.at.most(list.right + 0.5);
        }
      });
    }
  }

  for (const locale of ['ar', 'he']) {
    it(`in ${locale} the All Wallets count keeps its plus after the number`, async () => {
      const el = await mountIn(locale, apiOptions());
      await el.modal.open({ view: 'Connect' });
      const view = await waitFor(() => deep(el, 'w3-connect-view'), 3000, 'Connect view');
      const tag = await waitFor(
        () =>
          deepAll(view, 'w3-ui-list-item')
            .map((item) => deep(item, '.tag'))
            .find((t) => t && /^\d+\+$/.test(t.textContent!.trim())),
        8000,
        'the All Wallets count',
      );
      expect(getComputedStyle(el).direction).to.equal('rtl');
      const node = textNode(tag);
      const text = node.textContent!;
      const plus = text.indexOf('+');
      const [digits] = textRects(node, text.search(/\d/), plus);
      const [sign] = textRects(node, plus, plus + 1);
      // Left to right on screen: the digits first, then the plus.
      expect(sign!.left, `'+' of ${text.trim()}`).to.be.at.least(digits!.right - 0.5);
    });
  }
});
