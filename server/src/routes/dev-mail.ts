/**
 * GET /dev/mail and /dev/mail.json on the main app when the development SMTP sink runs: the
 * received mails, newest first (an HTML list with links clickable, every value escaped; and
 * JSON for tests). Same-origin only: no CORS headers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml, htmlPage } from '../frame-site/html.js';
import type { SinkMail } from '../mail/sink.js';

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/g;

/** Escaped text with its http(s) URLs as links. */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0];
    out += escapeHtml(text.slice(last, match.index)) + `<a href="${escapeHtml(url)}" rel="noreferrer">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

function mailHtml(mail: SinkMail): string {
  return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p>To: ${escapeHtml(mail.to)} · ${escapeHtml(mail.date)}</p>
<pre>${linkify(mail.text)}</pre>
</article>`;
}

export function devMailRoutes(mails: () => SinkMail[]): FastifyPluginAsync {
  return async (app) => {
    app.get('/dev/mail.json', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { mails: mails().map(({ to, subject, text, date }) => ({ to, subject, text, date })) };
    });
    app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
      const list = mails();
      const body = list.length ? list.map(mailHtml).join('\n') : '<p>No mail yet.</p>';
      return reply
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'")
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .type('text/html; charset=utf-8')
        .send(htmlPage(`Development mail (${list.length})`, body));
    });
  };
}
