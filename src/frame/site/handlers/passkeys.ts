/**
 * Passkeys in the frame (src/wire/passkey-api.ts): log in with one alone (with its PRF output,
 * a new device rebuilds its share from the wrapped recovery share), add one on the frame's own
 * screen (the click there is the user activation WebAuthn needs; with PRF the recovery share is
 * wrapped before it is registered), list them, and remove one (the last PRF passkey hands the
 * recovery share back to the server). PRF outputs never leave the frame.
 */
import { W3Error } from '../../../core/errors/base.js';
import { emptyReply } from '../../../wire/auth-api.js';
import {
  passkeyListReply,
  passkeyLoginOptionsReply,
  passkeyLoginReply,
  passkeyOptionsReply,
  passkeyRegisterReply,
} from '../../../wire/passkey-api.js';
import { wipe } from '../../keys/bytes.js';
import { encodeShare, RECOVERY_SHARE_X, shareAt } from '../../keys/shamir.js';
import { unwrapShare, wrapShare } from '../../keys/wrap.js';
import type { Passkey } from '../../messages.js';
import { AuthApiError } from '../api-client.js';
import type { FrameContext } from '../context.js';
import { ensureKeys, storeDeviceShareFrom } from '../keys-setup.js';
import { createWithPrf, getWithPrf, localRequestOptions } from '../passkey-prf.js';
import { adoptSession, requireSession, withShares } from '../session.js';
import { FRAME_REPLY_TEXT } from '../texts.js';
import type { Handlers } from './types.js';

const MAX_LISTED = 32;

/** The recovery share (x = 3) from this device's and the server's shares, checked, as `use` needs it; wiped after. */
function withRecoveryShare<T>(ctx: FrameContext, use: (recovery: Uint8Array) => Promise<T> | T): Promise<T> {
  return withShares(ctx, async ({ device, server }) => {
    const recovery = shareAt(device, server, RECOVERY_SHARE_X);
    try {
      return await use(recovery);
    } finally {
      wipe(recovery);
    }
  });
}

/** What 'Create passkey' runs: options, create (PRF), the recovery share wrapped, then registered. */
async function createPasskey(ctx: FrameContext): Promise<Passkey> {
  await requireSession(ctx);
  const { options } = await ctx.api.post('/passkeys/register/options', {}, passkeyOptionsReply);
  const created = await createWithPrf(ctx, options);
  if (!created.credentialId) throw new W3Error(FRAME_REPLY_TEXT.passkeyNotCreated);
  let prfOutput = created.prfOutput;
  try {
    // Some authenticators only say PRF is enabled at creation: one get gives the output.
    if (!prfOutput && created.prfEnabled) prfOutput = (await getWithPrf(ctx, localRequestOptions([created.credentialId]))).prfOutput;
    const secret = prfOutput;
    const wrappedRecoveryShare = secret ? await withRecoveryShare(ctx, (recovery) => wrapShare(secret, recovery)) : undefined;
    const body = {
      projectId: ctx.state.projectId,
      response: created.response,
      ...(wrappedRecoveryShare ? { wrappedRecoveryShare } : {}),
    };
    return (await ctx.api.post('/passkeys/register/verify', body, passkeyRegisterReply)).passkey;
  } finally {
    wipe(created.prfOutput, prfOutput);
  }
}

export const passkeyHandlers: Handlers<'ConnectPasskey' | 'AddPasskey' | 'ListPasskeys' | 'RemovePasskey'> = {
  async ConnectPasskey(_payload, ctx) {
    const { challengeId, options } = await ctx.api.post(
      '/passkeys/login/options',
      { projectId: ctx.state.projectId },
      passkeyLoginOptionsReply,
    );
    const used = await getWithPrf(ctx, options);
    try {
      const body = { challengeId, projectId: ctx.state.projectId, response: used.response, deviceId: await ctx.store.deviceId() };
      const reply = await ctx.api.post('/passkeys/login/verify', body, passkeyLoginReply);
      const session = await adoptSession(ctx, reply);
      const existing = session.user.evmAddress ? await ctx.store.getDeviceShare(session.user.id) : undefined;
      if (existing) {
        wipe(existing);
        return {};
      }
      if (reply.wrappedRecoveryShare && used.prfOutput && session.user.evmAddress) {
        await storeDeviceShareFrom(ctx, session, await unwrapShare(used.prfOutput, reply.wrappedRecoveryShare));
        return {};
      }
      await ensureKeys(ctx, session);
      return {};
    } finally {
      wipe(used.prfOutput);
    }
  },

  async AddPasskey(_payload, ctx) {
    await requireSession(ctx);
    return { passkey: await ctx.passkeyScreen.run(() => createPasskey(ctx)) };
  },

  async ListPasskeys(_payload, ctx) {
    await requireSession(ctx);
    const { passkeys } = await ctx.api.get('/passkeys', passkeyListReply);
    return { passkeys: passkeys.slice(0, MAX_LISTED) };
  },

  async RemovePasskey({ id }, ctx) {
    await requireSession(ctx);
    try {
      await ctx.api.post('/passkeys/remove', { id }, emptyReply);
    } catch (error) {
      // 409: the last passkey wrapping the recovery share; the server takes the share back to seal it again.
      if (!(error instanceof AuthApiError && error.status === 409)) throw error;
      const recoveryShare = await withRecoveryShare(ctx, (recovery) => encodeShare(recovery));
      await ctx.api.post('/passkeys/remove', { id, recoveryShare }, emptyReply);
    }
    return {};
  },
};
