/** Small HTML pages of the frame origin (errors, the device approval page), every value escaped. */
import type { FastifyReply } from 'fastify';

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** A page's language, direction and one inline style (allowed by its hash, `styleSource`, in the CSP). */
export interface PageLook {
  lang: string;
  dir: 'ltr' | 'rtl';
  style?: { css: string; source: string };
}

const ENGLISH: PageLook = { lang: 'en', dir: 'ltr' };

/** A whole page: `title` is escaped, `body` is HTML the caller built with escapeHtml. */
export function htmlPage(title: string, body: string, look: PageLook = ENGLISH): string {
  const style = look.style ? `<style>${look.style.css}</style>` : '';
  return `<!doctype html>
<html lang="${escapeHtml(look.lang)}" dir="${look.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title>${style}</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** The CSP of pages that are never framed and run no script. */
export const PAGE_CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Sends a page (`body` built with escapeHtml) that is never framed, never cached and runs no script. */
export function sendHtmlPage(reply: FastifyReply, status: number, title: string, body: string, look?: PageLook) {
  const csp = look?.style ? `${PAGE_CSP}; style-src ${look.style.source}` : PAGE_CSP;
  return reply
    .code(status)
    .header('content-security-policy', csp)
    .header('x-frame-options', 'DENY')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(htmlPage(title, body, look));
}
