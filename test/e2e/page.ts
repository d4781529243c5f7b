/** Page helpers for the end-to-end suites: text across shadow roots, waiting for text, connecting. */
import type { Locator, Page } from 'playwright-core';
import { stringToHex } from 'viem';

/** Visible text of the first element matching `selector`, looking through shadow roots. */
export async function text(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => {
    const find = (root: Document | ShadowRoot | Element): Element | null => {
      const direct = root.querySelector(sel);
      if (direct) return direct;
      for (const el of Array.from(root.querySelectorAll('*'))) {
        if (el.shadowRoot) {
          const hit = find(el.shadowRoot);
          if (hit) return hit;
        }
      }
      return null;
    };
    const el = find(document);
    if (!el) return '';
    let out = '';
    const walk = (n: Node): void => {
      if (n.nodeType === Node.TEXT_NODE) out += n.textContent;
      if (n instanceof Element && n.shadowRoot) walk(n.shadowRoot);
      if (n instanceof HTMLSlotElement) n.assignedNodes({ flatten: true }).forEach(walk);
      else n.childNodes.forEach(walk);
    };
    walk(el);
    return out.replace(/\s+/g, ' ').trim();
  }, selector);
}

export async function waitText(page: Page, selector: string, expected: string | RegExp, timeout = 10_000): Promise<string> {
  const start = Date.now();
  let last = '';
  while (Date.now() - start < timeout) {
    last = await text(page, selector);
    if (typeof expected === 'string' ? last.includes(expected) : expected.test(last)) return last;
    await page.waitForTimeout(50);
  }
  throw new Error(`"${selector}" never showed ${String(expected)}; last text: "${last}"`);
}

/**
 * After a wallet was chosen in the connect flow: waits until it is connected and the modal has
 * closed (issue 28: a connection closes the modal, as AppKit and RainbowKit do), then, unless
 * `reopen` is false, opens Account as a dApp does (`open({ view: 'Account' })`).
 */
export async function afterConnect(page: Page, timeout = 10_000, reopen = true): Promise<void> {
  await page.waitForFunction(
    () => {
      const el = document.querySelector('w3-modal');
      return !!el?.modal?.getAccount().isConnected && !el.hasAttribute('open');
    },
    null,
    { timeout },
  );
  if (reopen) await page.evaluate(() => document.querySelector('w3-modal')!.modal.open({ view: 'Account' }));
}

/** Connects the named wallet from the Connect view (the modal closes), then opens Account. */
export async function connect(page: Page, walletName = 'w3kit Test Wallet'): Promise<void> {
  await page.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
  await page.locator('w3-modal').getByRole('button', { name: walletName }).click();
  await afterConnect(page);
}

/** Runs axe-core (injected from node_modules) on the page, piercing open shadow roots; returns violation summaries. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForTimeout(350); // view and colour transitions (150 ms) finish first
  await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const rules = { 'landmark-one-main': { enabled: false }, 'page-has-heading-one': { enabled: false }, region: { enabled: false } };
    const result = await axe.run(document, { resultTypes: ['violations'], rules });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

/** Waits until the modal's account is `address` (15 s). */
export async function waitConnected(page: Page, address: string): Promise<void> {
  await page.waitForFunction(
    (a) => (window as unknown as { modal?: { getAccount(): { address?: string } } }).modal?.getAccount().address === a,
    address,
    { timeout: 15_000 },
  );
}

/** personal_sign of `message` (as hex) by `address` through the modal's eip155 provider. */
export async function sign(page: Page, address: string, message: string): Promise<`0x${string}`> {
  return page.evaluate(
    ([a, m]) =>
      (window as unknown as { modal: { getWalletProvider(ns: string): { request(r: object): Promise<`0x${string}`> } } }).modal
        .getWalletProvider('eip155')
        .request({ method: 'personal_sign', params: [m, a] }),
    [address, stringToHex(message)] as const,
  );
}

/**
 * Sends the page's requests to `npm start`'s fixed ports (the demo's network presets: Hardhat 8545
 * and 8546, the SVM 8899, the Bitcoin dev chain 18443) to the suite's own chains, which run on free ports.
 */
export async function routePresetPorts(page: Page, chains: { chainA: string; chainB: string; svm: string; btc: string }): Promise<void> {
  const targets = new Map([
    ['http://127.0.0.1:8545', chains.chainA],
    ['http://127.0.0.1:8546', chains.chainB],
    ['http://127.0.0.1:8899', chains.svm],
    ['http://127.0.0.1:18443', chains.btc],
  ]);
  await page.route(
    (url) => targets.has(url.origin),
    (route) => {
      const url = new URL(route.request().url());
      return route.continue({ url: `${targets.get(url.origin)}${url.pathname}${url.search}` });
    },
  );
}

/**
 * Answers the Dev Wallet's connect prompts (demo/dev-wallet: one per namespace, `methods`, in
 * whichever order they come: the namespaces connect at once, its panel asks one at a time),
 * approving each; resolves with what each prompt showed, by method. `press` clicks a button
 * (the phone suite presses in the DOM).
 */
export async function approveConnect(
  page: Page,
  methods: string[],
  press: (button: Locator) => Promise<void> = (button) => button.click(),
): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  const open = page.locator('#w3kit-dev-wallet dialog[open]');
  while (Object.keys(shown).length < methods.length) {
    await open.waitFor({ timeout: 15_000 });
    const text = (await open.innerText()).replace(/\s+/g, ' ');
    const method = methods.find((m) => !(m in shown) && text.includes(`· ${m}`));
    if (!method) throw new Error(`the Dev Wallet asks something else than ${methods.join(', ')}: ${text}`);
    shown[method] = text;
    await press(open.getByRole('button', { name: 'Approve' }));
    await open.filter({ hasText: `· ${method}` }).waitFor({ state: 'hidden' });
  }
  return shown;
}
