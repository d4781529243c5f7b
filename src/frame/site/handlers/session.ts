/**
 * The session's requests: the user on a network, sign out, is-connected, and the chain (only a
 * network the host synced; the last one is remembered in the device store).
 */
import { frameSigner } from '../../../chains/frame-signers.js';
import { activeSmartAccountOf } from '../../../chains/eip155/smart-account/active.js';
import { EMBEDDED_NAMESPACES } from '../../../chains/frame-namespaces.js';
import { W3Error } from '../../../core/errors/base.js';
import { emptyReply, userReply } from '../../../wire/auth-api.js';
import type { FrameUser } from '../../messages.js';
import { SessionExpiredError } from '../api-client.js';
import { findNetwork, type FrameContext, type Session } from '../context.js';
import { forgetSession } from '../session.js';
import { FRAME_REPLY_TEXT } from '../texts.js';
import type { Handlers } from './types.js';

/** The current chain: the last one chosen, else the first synced network of the default namespace, else the first. */
export async function currentChainId(ctx: FrameContext): Promise<string> {
  if (ctx.state.chainId && findNetwork(ctx, ctx.state.chainId)) return ctx.state.chainId;
  const stored = await ctx.store.getChainId();
  if (stored && findNetwork(ctx, stored)) return (ctx.state.chainId = stored);
  const networks = ctx.state.dapp?.networks ?? [];
  const fallback = networks.find((n) => n.caipNetworkId.startsWith(`${EMBEDDED_NAMESPACES[0]}:`)) ?? networks[0];
  if (!fallback) throw new W3Error(FRAME_REPLY_TEXT.chainNotFound);
  return fallback.caipNetworkId;
}

/** The user's address on a namespace (one the frame holds keys for). */
export function addressOn(session: Session, namespace: string): string {
  const signer = frameSigner(namespace);
  if (!signer) throw new W3Error(FRAME_REPLY_TEXT.chainNotSupported);
  const address = signer.address(session.user);
  if (!address) throw new W3Error(FRAME_REPLY_TEXT.noDeviceShare);
  return address;
}

async function freshSession(ctx: FrameContext): Promise<Session> {
  if (!ctx.api.hasToken()) throw new W3Error(FRAME_REPLY_TEXT.notConnected, { code: 4100 });
  const { user } = await ctx.api.get('/session', userReply);
  const session = { user, deviceVerified: ctx.state.session?.deviceVerified ?? false };
  ctx.state.session = session;
  return session;
}

export const sessionHandlers: Handlers<'GetUser' | 'SignOut' | 'IsConnected' | 'GetChainId' | 'SwitchNetwork'> = {
  async GetUser({ chainId }, ctx) {
    if (chainId !== undefined && !findNetwork(ctx, chainId)) throw new W3Error(FRAME_REPLY_TEXT.chainNotSupported);
    const session = await freshSession(ctx);
    const chain = chainId ?? (await currentChainId(ctx));
    const smart = activeSmartAccountOf(session.user.evmAddress);
    const accounts: FrameUser['accounts'] = EMBEDDED_NAMESPACES.map((namespace) => {
      const address = addressOn(session, namespace);
      return { namespace, address, type: smart?.address === address ? 'smartAccount' : 'eoa' };
    });
    return {
      email: session.user.email,
      address: addressOn(session, chain.split(':')[0] as string),
      chainId: chain,
      accounts,
      ...(session.user.userName ? { userName: session.user.userName } : {}),
      ...(session.user.socialProvider ? { socialProvider: session.user.socialProvider } : {}),
      preferredAccountType: smart ? 'smartAccount' : 'eoa',
      smartAccountDeployed: smart?.deployed ?? false,
    };
  },

  async SignOut(_payload, ctx) {
    try {
      if (ctx.api.hasToken()) await ctx.api.post('/signout', {}, emptyReply);
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) throw error;
    } finally {
      await forgetSession(ctx);
    }
    return {};
  },

  async IsConnected(_payload, ctx) {
    try {
      await freshSession(ctx);
      return { isConnected: true };
    } catch (error) {
      if (error instanceof SessionExpiredError) await forgetSession(ctx);
      return { isConnected: false };
    }
  },

  async GetChainId(_payload, ctx) {
    return { chainId: await currentChainId(ctx) };
  },

  async SwitchNetwork({ chainId }, ctx) {
    if (!findNetwork(ctx, chainId)) throw new W3Error(FRAME_REPLY_TEXT.chainNotSupported);
    ctx.state.chainId = chainId;
    await ctx.store.setChainId(chainId);
    return { chainId };
  },
};
