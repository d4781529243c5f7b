/**
 * RpcRequest and RpcAbort (spec 6): a method on neither list is refused; safe methods are
 * answered locally (accounts, chain id, the namespace's own reads such as EIP-5792's
 * wallet_getCallsStatus for the frame's batches) or forwarded to the synced network's RPC URL; unsafe
 * ones are checked, shown on the frame's approval screen, and signed only after Approve.
 * RpcAbort fails only the requests waiting for approval (and ends a shown 'Create passkey' screen).
 */
import { numberToHex } from 'viem';
import { FRAME_ERROR_TEXT, rpcMethodClass } from '../../constants.js';
import type { FrameNetwork, FramePayload } from '../../messages.js';
import { FrameRpcError } from '../approval-queue.js';
import { findNetwork, type FrameContext } from '../context.js';
import { frameSigner } from '../../../chains/frame-signers.js';
import { requireSession, withSeed } from '../session.js';
import { approvalTexts } from '../approval-texts.js';
import { FRAME_REPLY_TEXT, FRAME_TEXTS } from '../texts.js';
import { addressOn } from './session.js';
import type { Handlers } from './types.js';

async function answerSafe(ctx: FrameContext, request: FramePayload<'RpcRequest'>, network: FrameNetwork): Promise<unknown> {
  const { method, namespace, chainId } = request;
  if (method === 'eth_chainId') return numberToHex(Number(chainId.split(':')[1]));
  if (method === 'eth_accounts' || method === 'solana_getAccounts') {
    const session = await requireSession(ctx).catch(() => undefined);
    if (!session) return [];
    const address = addressOn(session, namespace);
    return method === 'eth_accounts' ? [address] : [{ pubkey: address }];
  }
  const signer = frameSigner(namespace);
  if (signer?.answer && signer.answers?.has(method)) {
    const session = await requireSession(ctx);
    const env = { jsonRpc: ctx.jsonRpc, networks: ctx.state.dapp?.networks ?? [] };
    return signer.answer(method, request.params ?? [], addressOn(session, namespace), network, env);
  }
  return ctx.jsonRpc(network.rpcUrl, method, request.params ?? []);
}

export const rpcHandlers: Handlers<'RpcRequest' | 'RpcAbort'> = {
  async RpcRequest(request, ctx) {
    const kind = rpcMethodClass(request.method);
    if (kind === 'refused') throw new FrameRpcError(FRAME_ERROR_TEXT.notAllowed, 4200);
    if (!request.chainId.startsWith(`${request.namespace}:`)) throw new FrameRpcError(FRAME_REPLY_TEXT.chainNotFound, 4901);
    const network = findNetwork(ctx, request.chainId);
    if (!network) throw new FrameRpcError(FRAME_REPLY_TEXT.chainNotFound, 4901);
    if (kind === 'safe') return { result: await answerSafe(ctx, request, network) };

    const session = await requireSession(ctx);
    const address = addressOn(session, request.namespace);
    const signer = frameSigner(request.namespace);
    if (!signer) throw new FrameRpcError(FRAME_REPLY_TEXT.chainNotFound, 4901);
    const locale = ctx.state.dapp?.locale;
    const prepared = signer.prepare(request.method, request.params, address, network, {
      jsonRpc: ctx.jsonRpc,
      texts: approvalTexts(locale),
      networks: ctx.state.dapp?.networks ?? [],
      ...(locale ? { locale } : {}),
    });
    await ctx.queue.approve(await prepared.view, requester(ctx.state));
    return { result: await withSeed(ctx, (seed) => prepared.run(seed)) };
  },

  async RpcAbort(_payload, ctx) {
    ctx.queue.abortAll();
    // The host left the view that showed the frame: a waiting 'Create passkey' screen ends too.
    ctx.passkeyScreen.dismiss();
    ctx.storageScreen?.dismiss();
    return {};
  },
};

/**
 * Who asks, as the approval names it: the app's name (what the page says) with its origin's host
 * (what the handshake checked), so a page cannot pass itself off as another app.
 */
export function requester(state: { dapp?: { metadata?: { name?: string } }; parentOrigin?: string }): string {
  const name = state.dapp?.metadata?.name ?? FRAME_TEXTS.appFallbackName;
  const host = state.parentOrigin ? new URL(state.parentOrigin).host : undefined;
  return host ? `${name} (${host})` : name;
}
