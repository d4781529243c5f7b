/** Helpers for the element tests in Chromium: store resets, fixtures, deep queries, axe. */
import type { AxeResults } from 'axe-core';
import { configure } from '../../src/configure.js';
import { networks } from '../../src/wire/networks.js';
import { offlineLocal } from '../../src/test-utils/networks.js';
import type { W3ModalOptions } from '../../src/core/options.js';
import { defineElements } from '../../src/elements/index.js';
import { definePrimitives } from '../../src/elements/primitives/index.js';
import { $accounts } from '../../src/stores/connection/account.js';
import { $nativeBalances, balanceKey } from '../../src/stores/connection/native-balance.js';
import { $activeNamespace } from '../../src/stores/network/networks.js';
import { storage } from '../../src/stores/app/storage.js';
import { resetStores } from '../../src/stores/app/reset.js';
import { $modal } from '../../src/stores/ui/modal.js';
import type { W3Modal } from '../../src/elements/modal/modal.element.js';

export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/**
 * Localhost with an RPC nothing answers (src/test-utils/networks.ts): a read of the chain fails
 * the same way whether or not `npm start`'s Hardhat runs on the preset's 8545.
 */
export const baseOptions = (): W3ModalOptions => ({
  networks: [offlineLocal.localhost, networks.mainnet, networks.sepolia],
});

/** The real backend started by web-test-runner.config.mjs (seeded: project w3kit-dev, 1,000 wallets). */
export const apiOptions = (): Pick<W3ModalOptions, 'apiUrl' | 'projectId'> => ({
  apiUrl: (window as unknown as { __W3_API_URL__: string }).__W3_API_URL__,
  projectId: 'w3kit-dev',
});

/**
 * Puts every store back to its start (each registers its reset where it is created:
 * src/stores/app/reset.ts) and removes fixtures.
 */
export function resetAll(): void {
  document.body.replaceChildren();
  resetStores();
  storage.clear();
}

/** Configures the stores, defines the elements and mounts a <w3-modal>. */
export async function mountModal(options: Partial<W3ModalOptions> = {}): Promise<W3Modal> {
  configure({ ...baseOptions(), ...options });
  defineElements();
  const el = document.createElement('w3-modal');
  document.body.append(el);
  await el.updateComplete;
  return el;
}

export function connectAccount(address = ADDRESS): void {
  $accounts.setKey('eip155', {
    address,
    caipAddress: `eip155:31337:${address}`,
    status: 'connected',
    balance: '1.23456',
    balanceSymbol: 'ETH',
    profileName: undefined,
    profileImage: undefined,
    allAccounts: [{ namespace: 'eip155', address, type: 'eoa' }],
    user: undefined,
    smartAccountDeployed: false,
  });
  $activeNamespace.set('eip155');
  $nativeBalances.setKey(balanceKey('eip155:31337', address), { status: 'ready', value: '1.23456', symbol: 'ETH' });
}

export const nextFrame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()));
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls until `fn` returns a truthy value (or throws after `timeout`). */
export async function waitFor<T>(fn: () => T | undefined | null | false, timeout = 3000, what = 'condition'): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = fn();
    if (value) return value;
    if (performance.now() - start > timeout) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

/**
 * After a wallet was chosen in the connect flow: waits until it is connected and the modal has
 * closed (issue 28: a connection closes the modal), then, unless `reopen` is false, opens Account
 * as a dApp does (`open({ view: 'Account' })`).
 */
export async function connectedAndClosed(modal: W3Modal, timeout = 3000, reopen = true): Promise<void> {
  await waitFor(() => modal.modal.getAccount().isConnected && !$modal.get().open, timeout, 'connected, the modal closed');
  if (reopen) await modal.modal.open({ view: 'Account' });
}

/** querySelector across open shadow roots: `deep(root, 'w3-connect-view', 'w3-ui-list-item')`. */
export function deep<T extends Element = HTMLElement>(root: ParentNode, ...selectors: string[]): T | null {
  let current: ParentNode | null = root;
  for (const selector of selectors) {
    if (!current) return null;
    const scope: ParentNode = current instanceof Element && current.shadowRoot ? current.shadowRoot : current;
    current = scope.querySelector(selector);
  }
  return current as T | null;
}

export function deepAll<T extends Element = HTMLElement>(root: ParentNode, ...selectors: string[]): T[] {
  const last = selectors.pop() as string;
  const parent = selectors.length ? deep(root, ...selectors) : root;
  if (!parent) return [];
  const scope: ParentNode = parent instanceof Element && parent.shadowRoot ? parent.shadowRoot : parent;
  return Array.from(scope.querySelectorAll<T>(last));
}

export function dialogOf(modal: W3Modal): HTMLElement | null {
  return modal.shadowRoot?.querySelector<HTMLElement>('[role="dialog"]') ?? null;
}

export function activeDeep(): Element | null {
  let a = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

/** Text content across shadow roots (what a reader would see, roughly). */
export function deepText(node: Node): string {
  let text = '';
  const visit = (n: Node): void => {
    if (n.nodeType === Node.TEXT_NODE) text += n.textContent;
    if (n instanceof Element && n.shadowRoot) visit(n.shadowRoot);
    if (n instanceof HTMLSlotElement) n.assignedNodes({ flatten: true }).forEach(visit);
    else n.childNodes.forEach(visit);
  };
  visit(node);
  return text.replace(/\s+/g, ' ').trim();
}

/** Runs axe-core on the document (it pierces open shadow roots); returns violation ids. */
export async function axeViolations(): Promise<string[]> {
  // Let view, height and colour transitions (150 ms) finish: axe reads computed colours.
  await sleep(350);
  // axe-core ships UMD only: loading it as a module script sets window.axe.
  await import('axe-core/axe.min.js');
  const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<AxeResults> } }).axe;
  // Page-level rules judge the bare test page, not the components.
  const rules = { 'landmark-one-main': { enabled: false }, 'page-has-heading-one': { enabled: false }, region: { enabled: false } };
  const result = await axe.run(document, { resultTypes: ['violations'], rules });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')} ${v.nodes[0]?.failureSummary ?? ''}`);
}

/** A Lit element as its properties can be set from a test. */
export type LitFixture = HTMLElement & { updateComplete: Promise<unknown> } & Record<string, unknown>;

/**
 * Defines the elements (and the primitives the modal's lazy shell defines), mounts `html` (one
 * element) in the body and waits for its first render.
 */
export async function mountFixture(html: string): Promise<LitFixture> {
  defineElements();
  definePrimitives();
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  const el = host.firstElementChild as LitFixture;
  await el.updateComplete;
  return el;
}
