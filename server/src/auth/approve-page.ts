/**
 * The device approval page the device mail links to: GET shows a form with an 'Approve' button
 * and approves nothing (mail scanners fetch links); POST (the form, urlencoded, parsed for this
 * route only) approves the login's device and mails the code. The page says who asked, as the
 * mail does (device, network address, site, time). Nobody may frame it.
 */
import type { FastifyInstance } from 'fastify';
import { escapeHtml, sendHtmlPage } from '../frame-site/html.js';
import type { AuthContext } from './context.js';
import { requesterLines } from '../mail/texts.js';
import { approveDevice, loginForToken, requesterOf } from './logins.js';

export const APPROVE_PATH = '/auth/v1/device/approve';
const FORM_BODY_LIMIT = 1024;

const LINK_GONE = 'This approval link has expired or was already used. Start the login again in the app to get a new one.';

const page = sendHtmlPage;

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

function tokenOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export async function approvePage(app: FastifyInstance, ctx: AuthContext): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get(APPROVE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = tokenOf((request.query as Record<string, unknown>).token);
    const login = await loginForToken(ctx, token);
    if (!login) return page(reply, 410, 'Link expired', paragraph(LINK_GONE));
    const form =
      paragraph('Someone is logging in to your wallet from a new device:') +
      `\n<ul>${requesterLines(requesterOf(login))
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join('')}</ul>\n` +
      paragraph('If it is you, approve the device:') +
      `\n<form method="post" action="${APPROVE_PATH}">` +
      `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
      '<button type="submit">Approve</button></form>\n' +
      paragraph('If it is not you, close this page: nothing happens without your approval.');
    return page(reply, 200, 'Approve this device', form);
  });

  app.post(APPROVE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const body = request.body as Record<string, unknown> | undefined;
    const token = tokenOf(body?.token);
    let approved: boolean;
    try {
      approved = await approveDevice(ctx, token);
    } catch {
      const text = 'Your device is approved, but the code mail could not be sent: ask for a new code in the app.';
      return page(reply, 502, 'Device approved', paragraph(text));
    }
    if (!approved) return page(reply, 410, 'Link expired', paragraph(LINK_GONE));
    const text = 'Your device is approved. You can go back to the app: your login code is on its way by e-mail.';
    return page(reply, 200, 'Device approved', paragraph(text));
  });
}
