/**
 * THE DEVELOPMENT SANDBOX's Farcaster sign-in page, at the channel's link: GET shows one button
 * per test user ('Sign in as @alice'; a form, no script, never framed), POST approves the channel
 * as that user (the message signed with the user's test custody key, as Farcaster's app would).
 * An unknown link answers 404, an expired one 410.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, sendHtmlPage } from '../../frame-site/html.js';
import type { AuthContext } from '../context.js';
import { approveChannel, channelByToken, channelState, type ChannelRow } from './channels.js';
import { signInMessage } from './message.js';
import { FARCASTER_SANDBOX_PATH, SANDBOX_USERS, sandboxCustodyAccount } from './sandbox-registry.js';

const FORM_BODY_LIMIT = 1024;
const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const SANDBOX_NOTE = 'Development sandbox: this page stands in for the Farcaster app and signs with test keys.';

function linkFailure(reply: FastifyReply, row: ChannelRow | undefined, now: number) {
  if (!row) return sendHtmlPage(reply, 404, 'Unknown link', paragraph('This Farcaster sign-in link is unknown. Start again in the app.'));
  if (channelState(row, now) === 'expired') {
    return sendHtmlPage(reply, 410, 'Link expired', paragraph('This Farcaster sign-in link has expired. Start again in the app.'));
  }
  return undefined;
}

const stringOf = (value: unknown) => (typeof value === 'string' ? value : '');

export async function farcasterSandboxPage(app: FastifyInstance, ctx: AuthContext): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(FARCASTER_SANDBOX_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = stringOf((request.query as Record<string, unknown>).channelToken);
    const row = await channelByToken(ctx.farcasterChannels, token);
    const failed = linkFailure(reply, row, ctx.now());
    if (failed) return failed;
    if (row!.signature !== null) return sendHtmlPage(reply, 200, 'Signed in', paragraph('Signed in. You can go back to the app.'));
    const forms = SANDBOX_USERS.map(
      (u) =>
        `<form method="post" action="${FARCASTER_SANDBOX_PATH}">` +
        `<input type="hidden" name="channelToken" value="${escapeHtml(token)}">` +
        `<input type="hidden" name="fid" value="${u.fid}">` +
        `<button type="submit">${escapeHtml(`Sign in as @${u.userName}`)}</button></form>`,
    ).join('\n');
    return sendHtmlPage(reply, 200, 'Sign in with Farcaster', `${paragraph(SANDBOX_NOTE)}\n${forms}`);
  });

  app.post(FARCASTER_SANDBOX_PATH, { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const row = await channelByToken(ctx.farcasterChannels, stringOf(body.channelToken));
    const now = ctx.now();
    const failed = linkFailure(reply, row, now);
    if (failed) return failed;
    const user = SANDBOX_USERS.find((u) => String(u.fid) === stringOf(body.fid));
    if (!user) return sendHtmlPage(reply, 400, 'Unknown user', paragraph('Choose one of the test users on the sign-in page.'));
    const custody = sandboxCustodyAccount(user.fid);
    const message = signInMessage({
      frameOrigin: ctx.frameOrigin(),
      nonce: row!.nonce,
      fid: user.fid,
      custody: custody.address,
      issuedAt: now,
      expiresAt: row!.expires_at,
    });
    const signature = await custody.signMessage({ message });
    await approveChannel(ctx.farcasterChannels, row!.id, { fid: user.fid, userName: user.userName, message, signature });
    return sendHtmlPage(reply, 200, 'Signed in', paragraph('Signed in. You can go back to the app.'));
  });
}
