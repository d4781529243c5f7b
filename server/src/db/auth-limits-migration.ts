/**
 * E-mail login's limits (migration 16; shipped, never edit; the storage layer's since issue 31):
 * the log of login and code mails (who asked, for which mailbox and device, when: the cooldown and the hourly caps count it, server/src/auth/mail-budget.ts),
 * the wrong codes per account (server/src/auth/code-failures.ts), and what a login keeps for its
 * bounds and its approval mail: when it began, its wrong codes over all its codes, who asked,
 * from which device and site. Stored addresses with non-ASCII characters take the normalized form.
 */
import type { Database } from 'better-sqlite3';
import { normalizeEmailAddress } from '../../../src/wire/email-address.js';

/**
 * Stored addresses in the one normalized form (an internationalized domain as punycode, NFC), so
 * the same address logs in to the same account; one whose form is taken already stays as it was.
 */
function normalizeStoredAddresses(db: Database): void {
  const users = db.prepare("SELECT id, email FROM auth_users WHERE email IS NOT NULL AND email GLOB '*[^ -~]*'").all() as {
    id: string;
    email: string;
  }[];
  for (const { id, email } of users) {
    const normalized = normalizeEmailAddress(email);
    if (normalized === undefined || normalized === email) continue;
    if (db.prepare('SELECT 1 FROM auth_users WHERE email = ?').get(normalized)) continue;
    db.prepare('UPDATE auth_users SET email = ? WHERE id = ?').run(normalized, id);
    db.prepare('UPDATE OR IGNORE auth_devices SET email = ? WHERE email = ?').run(normalized, email);
  }
}

export const authLimitsMigration = {
  version: 16,
  name: 'e-mail login limits: mail log, wrong codes per account, login origin',
  up(db: Database): void {
    db.exec(`
      CREATE TABLE auth_mail_log (
        email TEXT NOT NULL,
        requester TEXT NOT NULL,
        device_hash TEXT,
        sent_at INTEGER NOT NULL
      );
      CREATE INDEX auth_mail_log_by_email ON auth_mail_log (email, sent_at);
      CREATE INDEX auth_mail_log_by_requester ON auth_mail_log (requester, email, device_hash, sent_at);
      CREATE INDEX auth_mail_log_by_time ON auth_mail_log (sent_at);

      CREATE TABLE auth_code_failures (
        account TEXT NOT NULL,
        failed_at INTEGER NOT NULL
      );
      CREATE INDEX auth_code_failures_by_account ON auth_code_failures (account, failed_at);
      CREATE INDEX auth_code_failures_by_time ON auth_code_failures (failed_at);

      ALTER TABLE auth_logins ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE auth_logins ADD COLUMN total_attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE auth_logins ADD COLUMN requester TEXT NOT NULL DEFAULT '';
      ALTER TABLE auth_logins ADD COLUMN device_name TEXT NOT NULL DEFAULT '';
      ALTER TABLE auth_logins ADD COLUMN site TEXT;
      ALTER TABLE auth_challenges ADD COLUMN total_attempts INTEGER NOT NULL DEFAULT 0;
    `);
    normalizeStoredAddresses(db);
  },
};
