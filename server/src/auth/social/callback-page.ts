/**
 * The page the provider sends the popup back to (GET /auth/v1/social/callback), on the frame
 * origin: a heading and a text, the result as a JSON island (`w3kit-social-result`: the origin
 * given at start as `target`, and `{ w3kit: 'social-result', ok, message? }`), and
 * /social-callback.js, which posts the result to `window.opener` at `target` and closes the
 * window. Its own CSP (scripts from the origin only, never framed); no
 * Cross-Origin-Opener-Policy, which would cut the popup from its opener.
 */
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../frame-site/html.js';
import type { CallbackOutcome } from './flow.js';

export const CALLBACK_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
export const SOCIAL_CALLBACK_SCRIPT = '/social-callback.js';
const RESULT_MESSAGE = 'social-result';

/** JSON safe inside a <script> element: `<` (so no `</script>` or `<!--`) and the line separators escaped. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function callbackPage(outcome: CallbackOutcome): string {
  const title = outcome.ok ? 'Logged in' : 'Login failed';
  const island =
    outcome.target === undefined
      ? ''
      : `<script type="application/json" id="w3kit-social-result">${scriptJson({
          target: outcome.target,
          result: outcome.ok
            ? { w3kit: RESULT_MESSAGE, ok: true, completion: outcome.completion }
            : { w3kit: RESULT_MESSAGE, ok: false, message: outcome.message.slice(0, 512) },
        })}</script>\n<script src="${SOCIAL_CALLBACK_SCRIPT}" defer></script>\n`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title>
${island}</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(outcome.message)}</p>
</main>
</body>
</html>
`;
}

export function sendCallbackPage(reply: FastifyReply, outcome: CallbackOutcome) {
  return reply
    .code(outcome.ok ? 200 : 400)
    .header('content-security-policy', CALLBACK_CSP)
    .header('x-frame-options', 'DENY')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(callbackPage(outcome));
}
