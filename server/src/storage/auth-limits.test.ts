/**
 * E-mail login's limits on both engines (SQLite in memory, a real Postgres): the mail budget's
 * cooldown and hourly caps, a mail forgotten when it did not go out, and the wrong codes per
 * account; on Postgres, two instances taking mails for one mailbox at once never pass a cap.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import { checkCodeFailures, countCodeFailure } from '../auth/code-failures.js';
import { MAIL_COOLDOWN_MS } from '../auth/code-check.js';
import { takeMail, type MailRequest } from '../auth/mail-budget.js';
import { HttpError } from '../errors.js';
import { authLimitsRepository } from './auth-limits.js';

const NOW = 1_800_000_000_000;
const CAPS = { mailsPerRequesterPerHour: 3, mailsPerMailboxPerHour: 4 };
const stranger = (requester: string, deviceHash = `device-${requester}`): MailRequest => ({
  email: 'owner@example.com',
  requester,
  deviceHash,
  who: 'stranger',
});

const refusal = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  const { code, retryAfter } = (err as HttpError).details as { code: string; retryAfter?: number };
  return { code, retryAfter };
};

describe.each(ENGINES)('the mail budget and wrong codes on %s', (engine) => {
  it('holds mails to the cooldown and the caps, counts an owner’s, and forgets one that did not go out', async () => {
    const store = authLimitsRepository(await freshStorage(engine));
    await takeMail(store, CAPS, NOW, stranger('a'));
    expect(await refusal(takeMail(store, CAPS, NOW + 1000, stranger('a')))).toEqual({ code: 'MAIL_COOLDOWN', retryAfter: 29 });
    await takeMail(store, CAPS, NOW + MAIL_COOLDOWN_MS, stranger('a'));
    const forget = await takeMail(store, CAPS, NOW + 2 * MAIL_COOLDOWN_MS, stranger('a'));
    await forget();
    await takeMail(store, CAPS, NOW + 2 * MAIL_COOLDOWN_MS + 1, stranger('a', 'other-device'));
    expect((await refusal(takeMail(store, CAPS, NOW + 3 * MAIL_COOLDOWN_MS, stranger('a', 'third')))).code).toBe('MAIL_LIMIT');
    await takeMail(store, CAPS, NOW + 3 * MAIL_COOLDOWN_MS, stranger('b'));
    // The mailbox has 4 mails: a stranger is refused, its owner's device is not.
    expect(await refusal(takeMail(store, CAPS, NOW + 4 * MAIL_COOLDOWN_MS, stranger('c')))).toEqual({
      code: 'MAIL_LIMIT',
      retryAfter: 3600 - 4 * (MAIL_COOLDOWN_MS / 1000),
    });
    await takeMail(store, CAPS, NOW + 4 * MAIL_COOLDOWN_MS, { ...stranger('c'), who: 'owner' });
    await takeMail(store, CAPS, NOW + 4 * MAIL_COOLDOWN_MS, { ...stranger('c'), who: 'approval' });
    // An hour later the window is free again.
    await takeMail(store, CAPS, NOW + 60 * 60_000 + 5 * MAIL_COOLDOWN_MS, stranger('c'));
  });

  it('counts wrong codes per account over an hour', async () => {
    const store = authLimitsRepository(await freshStorage(engine));
    for (let i = 0; i < 3; i++) await countCodeFailure(store, 'email:x@example.com', NOW + i);
    await checkCodeFailures(store, 'email:x@example.com', 4, NOW + 10);
    await checkCodeFailures(store, 'email:y@example.com', 3, NOW + 10);
    expect(await refusal(checkCodeFailures(store, 'email:x@example.com', 3, NOW + 10))).toEqual({ code: 'RATE_LIMITED', retryAfter: 3600 });
    await checkCodeFailures(store, 'email:x@example.com', 3, NOW + 60 * 60_000);
  });
});

describe('the mail budget, two instances on one Postgres', () => {
  it('takes at most the mailbox’s cap of mails when strangers on both ask at once', async () => {
    const url = await postgresUrl();
    const [a, b] = [authLimitsRepository(await openAgain(url)), authLimitsRepository(await openAgain(url))];
    for (let round = 0; round < 5; round++) {
      const email = `owner-${round}@example.com`;
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).recordMail({ email, requester: `r-${i}`, deviceHash: null }, NOW, {
            caps: { since: NOW - 60 * 60_000, perRequester: 3, perMailbox: CAPS.mailsPerMailboxPerHour },
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled' && r.value !== undefined)).toHaveLength(CAPS.mailsPerMailboxPerHour);
    }
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => takeMail(i % 2 ? a : b, CAPS, NOW, stranger(`requester-${i}`))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(CAPS.mailsPerMailboxPerHour);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as HttpError).details).toMatchObject({ code: 'MAIL_LIMIT' });
  });
});
