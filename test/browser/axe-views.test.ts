/**
 * axe-core on every view that has an element (src/elements/views/registry.ts), in light and dark,
 * in English and in Arabic (right to left): no violation.
 */
import { expect } from 'chai';
import type { ViewName } from '../../src/core/views.js';
import { setLocale } from '../../src/stores/ui/locale.js';
import { resetRouter } from '../../src/stores/ui/router.js';
import { VIEW_LOADERS } from '../../src/elements/views/registry.js';
import { axeViolations, connectAccount, deep, mountModal, resetAll, waitFor } from './helpers.js';

/** Route data for views that show something only with it. */
// SwitchNetwork goes without: with a network it asks the wallet at once and leaves when there is none.
const DATA: Partial<Record<ViewName, Record<string, unknown>>> = {
  SwitchActiveChain: { network: 'eip155:1' },
  ConnectingExternal: { connectorId: 'none' },
};
/** Views shown to a connected account. */
const CONNECTED = new Set<ViewName>([
  'Account',
  'Networks',
  'ProfileWallets',
  'WalletReceive',
  'WalletSend',
  'SwitchNetwork',
  'UnsupportedChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
]);

const VIEWS = Object.keys(VIEW_LOADERS) as ViewName[];
const CASES = [
  { mode: 'light', locale: 'en' },
  { mode: 'dark', locale: 'en' },
  { mode: 'light', locale: 'ar' },
  { mode: 'dark', locale: 'ar' },
] as const;

describe('axe on every view', () => {
  beforeEach(resetAll);
  afterEach(async () => {
    resetAll();
    await setLocale('en');
  });

  for (const { mode, locale } of CASES) {
    it(`finds no violation in ${mode} mode, locale ${locale}`, async function () {
      this.timeout(120_000);
      const modal = await mountModal({ themeMode: mode });
      await setLocale(locale);
      const found: string[] = [];
      for (const view of VIEWS) {
        if (CONNECTED.has(view)) connectAccount();
        resetRouter(view, DATA[view] as never);
        if (!modal.open) await modal.modal.open({ view, data: DATA[view] } as never).catch(() => undefined);
        const tag = `w3-${view
          // An acronym is one word (SIWXSignMessage -> w3-siwx-sign-message-view).
          .replace(/[A-Z]+(?=[A-Z][a-z]|$)/g, (m) => m[0]! + m.slice(1).toLowerCase())
          .replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase())}-view`;
        const el = await waitFor(() => deep<HTMLElement>(modal, tag), 15_000, `${view} shown`).catch(() => undefined);
        if (!el) {
          found.push(`${view}: not shown`);
          continue;
        }
        expect(modal.getAttribute('dir')).to.equal(locale === 'ar' ? 'rtl' : 'ltr');
        found.push(...(await axeViolations()).map((v) => `${view}: ${v}`));
      }
      expect(found).to.deep.equal([]);
    });
  }
});
