/**
 * What the embedded wallet's providers share: the frame requests they need (a bridge, or a test
 * double of one), the approval hook around unsafe methods, and the typing of the frame's errors.
 */
import { EmbeddedWalletError } from '../../core/errors/frame.js';
import { toRpcError, type W3Error } from '../../core/errors.js';
import { rpcMethodClass } from '../../frame/constants.js';
import type { FrameBridge } from '../../frame/bridge/bridge.js';
import type { FramePayload } from '../../frame/messages.js';

/** The part of the bridge the providers use. */
export type FrameRequester = Pick<FrameBridge, 'request'>;

/** An unsafe request about to wait on the user (the store opens ApproveTransaction). */
export interface ApprovalTask {
  namespace: FramePayload<'RpcRequest'>['namespace'];
  method: string;
}

/** Called before an unsafe request goes to the frame; the returned function runs when it settles. */
export type ApprovalHook = (task: ApprovalTask) => () => void;

/** A frame error with an RPC code becomes its typed RpcError; the rest stay as they are. */
export function typeFrameError(err: unknown): W3Error | unknown {
  if (err instanceof EmbeddedWalletError && typeof err.code === 'number') return toRpcError({ code: err.code, message: err.shortMessage });
  return err;
}

/** Sends an RPC request to the frame; unsafe ones go through the approval hook. */
export async function frameRpc(
  frame: FrameRequester,
  onApproval: ApprovalHook | undefined,
  payload: FramePayload<'RpcRequest'>,
): Promise<unknown> {
  const done =
    rpcMethodClass(payload.method) === 'unsafe' ? onApproval?.({ namespace: payload.namespace, method: payload.method }) : undefined;
  try {
    return (await frame.request('RpcRequest', payload)).result;
  } catch (err) {
    throw typeFrameError(err);
  } finally {
    done?.();
  }
}
