/**
 * One approval at a time: unsafe requests wait in a bounded queue for the frame's own approval
 * screen. Reject answers 4001; an abort (RpcAbort) fails every waiting and shown request with
 * 'Request was aborted' and hides the screen; safe requests never pass through here.
 */
import { W3Error } from '../../core/errors/base.js';
import { FRAME_ERROR_TEXT } from '../constants.js';
import type { ApprovalPrompt, ApprovalView } from './context.js';
import { FRAME_REPLY_TEXT } from './texts.js';

/** Requests that may wait behind the one shown. */
export const MAX_QUEUED_APPROVALS = 8;

/** An RPC error with an EIP-1193 code, answered as `{ code, message }`. */
export class FrameRpcError extends W3Error {
  override name = 'FrameRpcError';
  constructor(message: string, code: number) {
    super(message, { code, category: 'WALLET_RPC_ERROR' });
  }
}

interface Waiting {
  view: ApprovalView;
  appName: string;
  resolve(): void;
  reject(error: Error): void;
}

export class ApprovalQueue {
  private current: Waiting | undefined;
  private readonly waiting: Waiting[] = [];

  constructor(private readonly prompt: ApprovalPrompt) {}

  /** Resolves when the user approves `view`; rejects on Reject (4001) or an abort. */
  approve(view: ApprovalView, appName: string): Promise<void> {
    if (this.waiting.length >= MAX_QUEUED_APPROVALS) return Promise.reject(new FrameRpcError(FRAME_REPLY_TEXT.tooManyPending, -32005));
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ view, appName, resolve, reject });
      this.next();
    });
  }

  /** How many requests wait or are shown. */
  get size(): number {
    return this.waiting.length + (this.current ? 1 : 0);
  }

  /** Fails every shown and waiting request with 'Request was aborted' and hides the screen. */
  abortAll(): void {
    const all = [...(this.current ? [this.current] : []), ...this.waiting.splice(0)];
    this.current = undefined;
    this.prompt.hide();
    for (const item of all) item.reject(new W3Error(FRAME_ERROR_TEXT.rpcAborted));
  }

  private next(): void {
    if (this.current) return;
    const item = this.waiting.shift();
    if (!item) return;
    this.current = item;
    this.prompt.show(item.view, item.appName).then(
      (approved) => this.settle(item, approved ? undefined : new FrameRpcError(FRAME_REPLY_TEXT.userRejected, 4001)),
      (error: unknown) => this.settle(item, error instanceof Error ? error : new W3Error(FRAME_ERROR_TEXT.aborted)),
    );
  }

  private settle(item: Waiting, error: Error | undefined): void {
    if (this.current !== item) return; // aborted meanwhile
    this.current = undefined;
    if (this.waiting.length === 0) this.prompt.hide();
    if (error) item.reject(error);
    else item.resolve();
    this.next();
  }
}
