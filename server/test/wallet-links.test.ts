/**
 * Wallet links and names on import (the real import path over SQLite, as `wallets import` runs
 * it): only https: and wallet app schemes pass, dangerous schemes are refused naming the field
 * and the wallet, names with control or invisible direction characters are refused, and a link
 * stored before these checks is never served.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walletEntry } from '../../src/test-utils/wallet-entry.js';
import { WALLET_LINK_FIELDS } from '../../src/wire/links.js';
import { countWallets, getWallet, importWallets, openDatabase, queryWallets, WalletImportError, type Database } from '../src/index.js';
import { writeWallets } from '../src/wallets/registry.js';
import { tempDir } from './helpers.js';

let db: Database;
let dir: { dir: string; remove(): void };
beforeEach(() => {
  dir = tempDir();
  db = openDatabase(dir.dir);
});
afterEach(() => {
  db.close();
  dir.remove();
});

const DANGEROUS = [
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///C:/Windows/System32/calc.exe',
  'ms-msdt:/id PCWDiagnostic /skip force',
  'ms-msdt://id',
  'search-ms:query=invoice&crumb=location:\\\\evil.example\\share',
  'search-ms://query=x',
  'intent://scan/#Intent;scheme=zxing;package=com.evil;end',
  'view-source:https://example.com',
  'view-source://example.com',
  'ms-officecmd://x',
  'http://example.com',
];

/** Imports one wallet (through a file, as the CLI does) and returns the error. */
function importError(extra: Record<string, unknown>): WalletImportError {
  const file = path.join(dir.dir, 'wallets.json');
  writeFileSync(file, JSON.stringify([walletEntry('good-wallet'), walletEntry('shady-wallet', extra)]));
  try {
    importWallets(db, file);
  } catch (err) {
    expect(err).toBeInstanceOf(WalletImportError);
    return err as WalletImportError;
  }
  throw new Error(`imported ${JSON.stringify(extra)}`);
}

describe('wallet links on import', () => {
  it('refuses every dangerous scheme in every link field, naming the field and the wallet, and imports nothing', () => {
    for (const field of WALLET_LINK_FIELDS) {
      for (const link of DANGEROUS) {
        const error = importError({ [field]: link });
        expect(error.issues[0], `${field} ${link}`).toMatchObject({ index: 1, id: 'shady-wallet', field });
        expect(error.message).toContain(
          `entry 1 (id 'shady-wallet'): '${field}' must be an https: link or a wallet app link 'scheme://...'`,
        );
      }
    }
    expect(importError({ mobile_link: 'intent://x#Intent;end' }).message).toContain("'intent:' is not allowed");
    expect(countWallets(db)).toBe(0);
  });

  it('imports https: links and wallet app schemes', () => {
    const links = {
      homepage: 'https://wallet.example',
      mobile_link: 'wallet://',
      desktop_link: 'wallet-desktop+x.y://open',
      webapp_link: 'https://app.wallet.example',
      link_mode: 'https://link.wallet.example/wc',
      app_store: 'https://apps.apple.com/app/id1',
      play_store: 'https://play.google.com/store/apps/details?id=x',
      chrome_store: 'https://chromewebstore.google.com/detail/x',
    };
    expect(importWallets(db, [walletEntry('fine-wallet', links)])).toEqual({ imported: 1, total: 1 });
    expect(getWallet(db, 'fine-wallet')).toMatchObject(links);
  });

  it('refuses names with control or invisible direction characters, naming the code point', () => {
    for (const [name, code] of [
      ['Meta\u202eksaM', '202E'],
      ['Wallet\u2066x', '2066'],
      ['Wal\u200fet', '200F'],
      ['Bad\u0007Bell', '0007'],
    ] as const) {
      const error = importError({ name });
      expect(error.issues[0]).toMatchObject({ index: 1, id: 'shady-wallet', field: 'name' });
      expect(error.message).toContain(`'name' must not contain control or invisible direction characters (U+${code}`);
    }
    expect(countWallets(db)).toBe(0);
  });

  it('never serves a dangerous link stored before the checks', () => {
    writeWallets(db, [
      walletEntry('old-wallet', { mobile_link: 'intent://x#Intent;end', homepage: 'https://old.example', app_store: 'ms-msdt://x' }),
    ]);
    expect(getWallet(db, 'old-wallet')).toMatchObject({ mobile_link: null, app_store: null, homepage: 'https://old.example' });
    expect(queryWallets(db).data[0]).toMatchObject({ mobile_link: null, app_store: null });
  });
});
