/**
 * The sandbox on-ramp's checkout page (GET and POST /onramp/sandbox/checkout/{session}): plain
 * server-rendered HTML under a strict CSP (only its own nonce'd style and script, forms to
 * itself, never framed), named a sandbox in its own text. The form takes only the test card
 * 4242 4242 4242 4242 with a future expiry and any CVC, and a CSRF token tied to the session;
 * a good submit pays the quoted ETH out once (./settle.ts) and shows 'Payment complete' (a popup
 * closes itself after a moment). A payout sent but not yet mined shows its transaction and
 * refreshes itself until the chain settles it; it never offers to pay again. Unknown and expired
 * sessions get a page saying so, and nothing is paid.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatUnits } from 'viem';
import { ONRAMP_CHECKOUT_PATH, ONRAMP_SESSION_ID, ONRAMP_SHOWN_DECIMALS } from '../../../src/wire/onramp-api.js';
import { escapeHtml } from '../frame-site/html.js';
import type { OnrampSession, OnrampSessions } from './sessions.js';
import type { Settlement } from './settle.js';

export const SANDBOX_CARD = '4242424242424242';
export const SANDBOX_NOTE = 'Sandbox on-ramp: test money only. No real card is charged and the ETH is test ETH on the local chain.';
const FORM_BODY_LIMIT = 2048;
const CLOSE_AFTER_MS = 2500;
/** How often the page of a payout under way reloads itself (seconds). */
const REFRESH_S = 3;

export interface CheckoutContext {
  sessions: OnrampSessions;
  /** The payouts, when the backend has an `--evm-rpc` chain. */
  settlement: Settlement | undefined;
  now(): number;
  /** Whether the session's project leaves the on-ramp on (its feature `onramp` is not false). */
  projectAllows(projectId: string): Promise<boolean>;
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}
.sandbox{background:#fff4ce;border:1px solid #e0b800;padding:.5rem .75rem;border-radius:6px}
label{display:block;margin:.75rem 0 .25rem}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
button{font:inherit;margin-top:1rem;padding:.6rem 1.4rem}.error{color:#a40000}dd{margin:0 0 .5rem;word-break:break-all}`;

// Referrer policy same-origin: with no-referrer a browser sends `Origin: null` on the form's own POST.
function send(reply: FastifyReply, status: number, title: string, body: string, closeSoon = false, refresh = false) {
  const nonce = randomBytes(16).toString('base64');
  const script = closeSoon
    ? `<script nonce="${nonce}">if (window.opener) setTimeout(() => window.close(), ${CLOSE_AFTER_MS});</script>`
    : '';
  const csp = `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="same-origin">${refresh ? `<meta http-equiv="refresh" content="${REFRESH_S}">` : ''}
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main>
<p class="sandbox" role="note">${escapeHtml(SANDBOX_NOTE)}</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>${script}</body>
</html>
`;
  return reply
    .code(status)
    .header('content-security-policy', csp)
    .header('x-frame-options', 'DENY')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

const p = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** An amount with `places` decimals, truncated, grouped: what the Buy form shows for the same quote (ONRAMP_SHOWN_DECIMALS). */
export function shownAmount(value: string, places: number): string {
  const [int = '0', frac = ''] = value.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return places === 0 ? grouped : `${grouped}.${frac.slice(0, places).padEnd(places, '0')}`;
}

function summary(s: OnrampSession): string {
  const fiat = (v: string) => escapeHtml(`${shownAmount(v, ONRAMP_SHOWN_DECIMALS.fiat)} ${s.fiatCurrency}`);
  const crypto = shownAmount(formatUnits(BigInt(s.cryptoAmount), 18), ONRAMP_SHOWN_DECIMALS.crypto);
  return `<dl><dt>You pay</dt><dd>${fiat(s.fiatTotal)} (fee ${fiat(s.fiatFee)})</dd>
<dt>You get</dt><dd>${escapeHtml(`${crypto} ${s.asset}`)}</dd>
<dt>To</dt><dd>${escapeHtml(s.address)} (${escapeHtml(s.chainId)})</dd></dl>`;
}

/** What the card fields held: a declined card keeps them, to be corrected rather than typed again. */
export interface CardFields {
  card: string;
  expiry: string;
  cvc: string;
}

function form(s: OnrampSession, error?: string, typed: CardFields = { card: '', expiry: '', cvc: '' }): string {
  const action = `${ONRAMP_CHECKOUT_PATH}${s.id}`;
  const value = (v: string) => (v ? ` value="${escapeHtml(v.slice(0, 23))}"` : '');
  const invalid = error ? ' aria-invalid="true" aria-describedby="problem"' : '';
  return `${summary(s)}
${error ? `<p class="error" id="problem" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="csrf" value="${escapeHtml(s.csrf)}">
<label for="card">Card number (test card 4242 4242 4242 4242)</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" required maxlength="23"${value(typed.card)}${invalid}>
<label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" placeholder="MM/YY" autocomplete="off" required maxlength="7"${value(typed.expiry)}>
<label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="off" required maxlength="4"${value(typed.cvc)}>
<button type="submit">Pay</button>
</form>`;
}

const done = (reply: FastifyReply, s: OnrampSession) =>
  send(
    reply,
    200,
    'Payment complete',
    `${summary(s)}${p(`Transaction ${s.txHash ?? ''}`)}${p('You can close this window and go back to the app.')}`,
    true,
  );

/** A payout under way: its transaction when sent; never a form (it must not be paid again). */
const underWay = (reply: FastifyReply, s: OnrampSession, status = 200) =>
  send(
    reply,
    status,
    s.txHash ? 'Payment sent' : 'Payment in progress',
    `${summary(s)}${p(
      s.txHash
        ? `Your payment was sent in transaction ${s.txHash} and is waiting for the chain to confirm it. This page updates by itself: do not pay again.`
        : 'This payment is being made. This page updates by itself: do not pay again.',
    )}`,
    false,
    true,
  );

const failed = (reply: FastifyReply, s: OnrampSession, status = 200) =>
  send(
    reply,
    status,
    'Payment failed',
    `${summary(s)}${p(`Nothing was paid: ${s.failure ?? 'the payout failed'}.`)}${p('Start the purchase again in the app.')}`,
  );

/** The card's problem, or undefined when it is the sandbox card with a future expiry and a CVC. */
export function cardProblem(card: string, expiry: string, cvc: string, now: number): string | undefined {
  if (card.replace(/[\s-]/g, '') !== SANDBOX_CARD) return 'Card declined: this sandbox takes only the test card 4242 4242 4242 4242.';
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  const month = match ? Number(match[1]) : 0;
  if (!match || month < 1 || month > 12) return 'Invalid expiry: write it as MM/YY, e.g. 12/30.';
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  const today = new Date(now);
  if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) return 'Card expired: use an expiry in the future.';
  if (!/^\d{3,4}$/.test(cvc.trim())) return 'Invalid CVC: 3 or 4 digits.';
  return undefined;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function checkoutPage(app: FastifyInstance, ctx: CheckoutContext): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_r, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** The session of the URL, or the page that says why there is none to pay. */
  const sessionOf = async (request: FastifyRequest, reply: FastifyReply): Promise<OnrampSession | FastifyReply> => {
    const id = (request.params as { session: string }).session;
    const session = ONRAMP_SESSION_ID.test(id) ? await ctx.sessions.get(id) : undefined;
    if (!session) return send(reply, 404, 'Unknown checkout', p('This checkout link is unknown. Start the purchase again in the app.'));
    if (session.status === 'paid') return done(reply, session);
    if (session.status === 'paying') return underWay(reply, session, request.method === 'POST' ? 409 : 200);
    if (session.status === 'failed') return failed(reply, session, request.method === 'POST' ? 409 : 200);
    if (session.expiresAt <= ctx.now()) {
      return send(
        reply,
        410,
        'Checkout expired',
        p('This checkout link has expired and nothing was paid. Start the purchase again in the app.'),
      );
    }
    if (!(await ctx.projectAllows(session.projectId))) {
      return send(
        reply,
        403,
        'Checkout refused',
        p("This app's on-ramp is turned off (its project's feature 'onramp' is false), and nothing was paid."),
      );
    }
    return session;
  };
  const isSession = (v: OnrampSession | FastifyReply): v is OnrampSession => typeof (v as OnrampSession).csrf === 'string';

  const url = `${ONRAMP_CHECKOUT_PATH}:session`;
  app.get(url, { schema: { hide: true } }, async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (!isSession(session)) return session;
    return send(reply, 200, 'Buy test ETH', form(session));
  });

  app.post(url, { schema: { hide: true } }, async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (!isSession(session)) return session;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (
      !sameToken(field('csrf'), session.csrf) ||
      (origin !== undefined && origin !== new URL(app.publicUrl()).origin) ||
      (site !== undefined && site !== 'same-origin')
    ) {
      return send(reply, 403, 'Checkout refused', p('This form did not come from this checkout page. Open the checkout link again.'));
    }
    const problem = cardProblem(field('card'), field('expiry'), field('cvc'), ctx.now());
    const typed = { card: field('card'), expiry: field('expiry'), cvc: field('cvc') };
    if (problem) return send(reply, 400, 'Buy test ETH', form(session, problem, typed));
    if (!ctx.settlement)
      return send(reply, 503, 'Payment failed', p('The sandbox has no chain to pay on: start w3kit-server with --evm-rpc URL.'));
    if (!(await ctx.sessions.claim(session.id, ctx.now()))) {
      const now = (await ctx.sessions.get(session.id)) ?? session;
      return now.status === 'paid' ? done(reply, now) : now.status === 'failed' ? failed(reply, now, 409) : underWay(reply, now, 409);
    }
    const outcome = await ctx.settlement.pay(session);
    const after = (await ctx.sessions.get(session.id)) ?? session;
    switch (outcome.kind) {
      case 'paid':
        return done(reply, after);
      case 'sent':
        return underWay(reply, after, 202);
      case 'failed':
        return failed(reply, after, 502);
      case 'unpaid':
        return send(reply, 502, 'Payment failed', p(`Nothing was paid: ${outcome.reason}`) + form(after));
    }
  });
}
