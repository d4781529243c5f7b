/**
 * The device approval page the device mail links to: GET shows a form with an 'Approve' button
 * and approves nothing (mail scanners fetch links); POST (the form, urlencoded, parsed for this
 * route only) approves the login's device and mails the code. The page says who asked, as the
 * mail does (device, network address, site, time), in the login's locale (right to left where it
 * is; a link no longer valid: the browser's Accept-Language), styled like the frame
 * (./approve-style.ts). Nobody may frame it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, sendHtmlPage, type PageLook } from '../frame-site/html.js';
import type { AuthContext } from './context.js';
import { requesterLines } from '../mail/texts.js';
import { localeOfAcceptLanguage, loginTexts, textDirection } from '../mail/login-texts.js';
import { APPROVE_STYLE, APPROVE_STYLE_SOURCE } from './approve-style.js';
import { approveDevice, loginForToken, requesterOf } from './logins.js';

export const APPROVE_PATH = '/auth/v1/device/approve';
const FORM_BODY_LIMIT = 1024;

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

function tokenOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function lookOf(locale: string): PageLook {
  return { lang: locale, dir: textDirection(locale), style: { css: APPROVE_STYLE, source: APPROVE_STYLE_SOURCE } };
}

/** The login's locale, else (no login any more) the browser's. */
function localeFor(request: FastifyRequest, locale: string | null | undefined): string {
  return locale ?? localeOfAcceptLanguage(request.headers['accept-language']);
}

function page(reply: FastifyReply, status: number, locale: string, title: string, body: string) {
  return sendHtmlPage(reply, status, title, body, lookOf(locale));
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
    if (!login) {
      const locale = localeFor(request, undefined);
      const t = loginTexts(locale);
      return page(reply, 410, locale, t.expiredTitle, paragraph(t.expired));
    }
    const locale = localeFor(request, login.locale);
    const t = loginTexts(locale);
    const form =
      paragraph(t.pageIntro) +
      `\n<ul>${requesterLines(requesterOf(login), locale)
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join('')}</ul>\n` +
      paragraph(t.pageIfYou) +
      `\n<form method="post" action="${APPROVE_PATH}">` +
      `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
      `<button type="submit">${escapeHtml(t.approve)}</button></form>\n` +
      paragraph(t.pageNotYou);
    return page(reply, 200, locale, t.pageTitle, form);
  });

  app.post(APPROVE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const body = request.body as Record<string, unknown> | undefined;
    const token = tokenOf(body?.token);
    const login = await loginForToken(ctx, token);
    const locale = localeFor(request, login?.locale);
    const t = loginTexts(locale);
    let approved: boolean;
    try {
      approved = await approveDevice(ctx, token);
    } catch {
      return page(reply, 502, locale, t.approvedTitle, paragraph(t.approvedNoMail));
    }
    if (!approved) return page(reply, 410, locale, t.expiredTitle, paragraph(t.expired));
    return page(reply, 200, locale, t.approvedTitle, paragraph(t.approved));
  });
}
