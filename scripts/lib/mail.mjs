/**
 * Reads the development SMTP sink's mails (the backend's /dev/mail.json) in tests and scripts:
 * `waitForMail` polls until a mail to an address arrives, `codeOf` takes its one-time code (the
 * only 6-digit number) and `linkOf` its first URL (the device approval page).
 */

/**
 * @param {string} mailJsonUrl e.g. `${backend.mailUrl}`
 * @param {{ to: string, since?: string | number | Date, match?: (mail: Mail) => boolean, timeoutMs?: number }} options
 *   since: only mails received at or after this time; match: an extra test; timeoutMs default 10 s
 * @returns {Promise<Mail>} the newest such mail
 * @typedef {{ to: string, subject: string, text: string, date: string }} Mail
 */
export async function waitForMail(mailJsonUrl, { to, since, match = () => true, timeoutMs = 10_000 }) {
  const after = since === undefined ? -Infinity : new Date(since).getTime();
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(mailJsonUrl);
    if (!res.ok) throw new Error(`${mailJsonUrl} answered ${res.status}: is the backend running with --smtp-sink?`);
    const { mails } = /** @type {{ mails: Mail[] }} */ (await res.json());
    const found = mails.find(
      (mail) => mail.to.toLowerCase().split(/,\s*/).includes(address) && new Date(mail.date).getTime() >= after && match(mail),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The mail's one-time code: the only 6-digit number in its subject and text; throws when there is none or several. */
export function codeOf(mail) {
  const codes = new Set(`${mail.subject}\n${mail.text}`.match(/(?<!\d)\d{6}(?!\d)/g) ?? []);
  if (codes.size !== 1) throw new Error(`Expected exactly one 6-digit code in the mail '${mail.subject}', found ${codes.size}`);
  return [...codes][0];
}

/** The mail's first http(s) URL; throws when it has none. */
export function linkOf(mail) {
  const url = /https?:\/\/[^\s<>"']+/.exec(mail.text)?.[0];
  if (!url) throw new Error(`No link in the mail '${mail.subject}'`);
  return url;
}
