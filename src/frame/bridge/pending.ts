/**
 * The bridge's requests waiting for a reply: bounded (a request past the cap is refused at once),
 * each with its id, type, timer, and whether it is an unsafe RPC request (those are the ones the
 * user's rejection aborts, with 'Request was aborted'; other aborts say 'Something went wrong').
 */
import { EmbeddedWalletError } from '../../core/errors/frame.js';
import { FRAME_ERROR_TEXT } from '../constants.js';
import type { FrameRequestType } from '../messages.js';

export interface PendingRequest {
  type: FrameRequestType;
  /** An RPC request the user has to approve in the frame. */
  unsafeRpc: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  timer?: ReturnType<typeof setTimeout>;
}

export class PendingRequests {
  private readonly entries = new Map<string, PendingRequest>();
  private counter = 0;

  constructor(private readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** Registers a request; throws when `max` are already waiting. */
  add(type: FrameRequestType, unsafeRpc: boolean): { id: string; promise: Promise<unknown> } {
    if (this.entries.size >= this.max)
      throw new EmbeddedWalletError('Too many pending embedded wallet requests', {
        details: `At most ${this.max} requests may wait for the frame at once`,
      });
    const id = `${Date.now().toString(36)}-${(++this.counter).toString(36)}`;
    let entry!: PendingRequest;
    const promise = new Promise<unknown>((resolve, reject) => {
      entry = { type, unsafeRpc, resolve, reject };
    });
    this.entries.set(id, entry);
    return { id, promise };
  }

  get(id: string): PendingRequest | undefined {
    return this.entries.get(id);
  }

  setTimer(id: string, timer: ReturnType<typeof setTimeout>): void {
    const entry = this.entries.get(id);
    if (entry) entry.timer = timer;
    else clearTimeout(timer);
  }

  /** Forgets a request (its reply came, or it failed before it was sent). */
  settle(id: string): void {
    const entry = this.entries.get(id);
    if (entry?.timer) clearTimeout(entry.timer);
    this.entries.delete(id);
  }

  /** Rejects every pending request, or only the unsafe RPC ones. */
  abortAll(rpcOnly: boolean): void {
    for (const [id, entry] of [...this.entries]) {
      if (rpcOnly && !entry.unsafeRpc) continue;
      this.settle(id);
      entry.reject(abortError(entry.type === 'RpcRequest'));
    }
  }
}

/** 'Request was aborted' for RPC requests, 'Something went wrong' for the others (spec 8). */
export function abortError(rpc: boolean): EmbeddedWalletError {
  return rpc
    ? new EmbeddedWalletError(FRAME_ERROR_TEXT.rpcAborted, { messageCode: 'FrameRpcAborted' })
    : new EmbeddedWalletError(FRAME_ERROR_TEXT.aborted, { messageCode: 'FrameAborted' });
}
