/**
 * The embedded wallet's first login (issue 15), on a page with the backend's frame site and its
 * SMTP sink: a fresh address is a new account whose code mail comes at once (a backend that asks
 * for device approval first is approved through its mail's link in a second page), then the code is typed; measured from the sixth digit's
 * keydown to the connection shown, key creation and the backend round trips included (the modal
 * closes after a login since issue 28: the page's account button shows it).
 */
import { codeOf, linkOf, waitForMail } from '../../lib/mail.mjs';
import { TIMEOUT } from '../harness.mjs';
import { armAccountTimer } from './connect.mjs';

/** Waits for the modal's `view` attribute to be `name`. */
const waitView = (page, name, timeout = TIMEOUT) =>
  page.waitForFunction((v) => document.querySelector('w3-modal')?.getAttribute('view') === v, name, { timeout });

/** The code mail holds its 6-digit code in the subject; the device mail does not. */
const isCodeMail = (mail) => /(?<!\d)\d{6}(?!\d)/.test(mail.subject);

/** Key creation and the backend round trips on first login take longer than a click's reaction. */
const ACCOUNT_TIMEOUT = 30_000;

/** Submitting the e-mail's code to the connection shown, the mails read from the sink at `mailUrl`. */
export function emailCodeToAccount(mailUrl) {
  return {
    id: 'emailCodeToAccount',
    timeout: 90_000,
    async run({ page, context, guard, click }) {
      const to = `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}@example.com`;
      const since = Date.now() - 1000;
      const modal = page.locator('w3-modal');
      await guard(page.locator(click).click({ timeout: TIMEOUT }));
      const field = modal.getByRole('textbox', { name: 'Email' });
      await guard(field.fill(to, { timeout: TIMEOUT }));
      await guard(field.press('Enter', { timeout: TIMEOUT }));
      // A fresh address is a new account: its code comes at once. A backend that asks every new
      // device for approval (before issue 32) shows EmailVerifyDevice first: approve through the mail's link.
      await guard(
        page.waitForFunction(() => /^EmailVerify(Device|Otp)$/.test(document.querySelector('w3-modal')?.getAttribute('view') ?? ''), null, {
          timeout: TIMEOUT,
        }),
      );
      if ((await page.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view'))) === 'EmailVerifyDevice') {
        const deviceMail = await guard(waitForMail(mailUrl, { to, since, match: (m) => !isCodeMail(m) }), TIMEOUT * 2);
        const approval = await guard(context.newPage());
        await guard(approval.goto(linkOf(deviceMail), { timeout: TIMEOUT }));
        await guard(approval.getByRole('button', { name: 'Approve' }).click({ timeout: TIMEOUT }));
        await guard(waitView(page, 'EmailVerifyOtp', TIMEOUT * 2), TIMEOUT * 2 + 1_000);
        await approval.close();
      }

      const code = codeOf(await guard(waitForMail(mailUrl, { to, since, match: isCodeMail }), TIMEOUT * 2));
      const first = modal.getByRole('textbox', { name: 'Digit 1 of 6' });
      await guard(first.focus({ timeout: TIMEOUT }));
      await guard(page.evaluate(armAccountTimer, { type: 'keydown', count: 6 }));
      await guard(page.keyboard.type(code));
      await guard(
        page.waitForFunction(() => window.__benchAccountShown !== undefined, null, { timeout: ACCOUNT_TIMEOUT, polling: 20 }),
        ACCOUNT_TIMEOUT + 1_000,
      );
      return page.evaluate(() => window.__benchAccountShown - window.__benchStart);
    },
  };
}

/**
 * Social login (issue 16) through the backend's development OpenID provider: Google in Connect
 * opens the popup, a fresh login name is typed at the provider, and the time runs from the
 * popup's approval (its submit) to the connection shown: the provider's
 * redirect, the callback's code exchange, the popup's message, the session and, for the new
 * user, key creation. Both ends are read on the wall clock the browser and this process share.
 */
export function socialApprovalToAccount() {
  return {
    id: 'socialApprovalToAccount',
    timeout: 90_000,
    async run({ page, context, guard, click }) {
      // The development provider's login page asks Google Fonts for its font: not here.
      await guard(context.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.abort()));
      await guard(page.locator(click).click({ timeout: TIMEOUT }));
      const opened = context.waitForEvent('page', { timeout: TIMEOUT });
      await guard(page.locator('w3-modal').getByRole('button', { name: 'Google', exact: true }).click({ timeout: TIMEOUT }));
      const popup = await guard(opened);
      const login = `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      await guard(popup.locator('input[name="login"]').fill(login, { timeout: TIMEOUT }));
      await guard(popup.locator('input[name="password"]').fill('any password', { timeout: TIMEOUT }));
      await guard(page.evaluate(armAccountTimer, { type: 'w3-bench-unused', count: 1 }));
      const approvedAt = Date.now();
      await guard(popup.locator('button[type="submit"]').click({ timeout: TIMEOUT }));
      await guard(
        page.waitForFunction(() => window.__benchAccountShown !== undefined, null, { timeout: ACCOUNT_TIMEOUT, polling: 20 }),
        ACCOUNT_TIMEOUT + 1_000,
      );
      return page.evaluate((start) => performance.timeOrigin + window.__benchAccountShown - start, approvedAt);
    },
  };
}
