/**
 * GET /dev/mail and /dev/mail.json on the main app when the development SMTP sink runs: the
 * received mails, newest first (an HTML list with links clickable, every value escaped; and
 * JSON for tests). Same-origin only: no CORS headers. Loopback only: a connection from a
 * loopback address, for a loopback host name (localhost, 127.0.0.1, [::1]), not through a proxy;
 * anything else gets 403 (every login code and link is in these mails).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { hostName, isLoopbackAddress, isLoopbackName } from '../allowed-hosts.js';
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

export const DEV_LOOPBACK_ONLY =
  'Forbidden: the development pages (/dev/) answer only on loopback: open them on this machine at localhost, 127.0.0.1 or [::1], not through a proxy';

/** A loopback connection naming a loopback host, with no proxy in between. */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const { host, forwarded } = request.headers;
  const name = host === undefined ? undefined : hostName(host);
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    name !== undefined &&
    isLoopbackName(name) &&
    request.headers['x-forwarded-for'] === undefined &&
    forwarded === undefined
  );
}

export function devMailRoutes(mails: () => SinkMail[]): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!isLoopbackRequest(request)) return reply.code(403).header('cache-control', 'no-store').send({ message: DEV_LOOPBACK_ONLY });
    });
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
