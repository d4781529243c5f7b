import { UserRejectedRequestError, type W3Error } from '../../core/errors.js';

/** Requests the person answers in the wallet (a prompt on the phone), as opposed to reads it answers at once. */
export const PROMPTING_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'wallet_sendCalls',
]);

/** A request waiting for the person in the wallet; `cancel` stops waiting (the session stays). */
export interface PendingWalletRequest {
  method: string;
  cancel(): void;
}

/**
 * The requests sent to the wallet that wait for the person, oldest first. The listener sees the
 * oldest one, and undefined when none waits (before the settled request's caller sees its result).
 * Cancelling rejects that request with 4001 'User rejected the request.'; the wallet's later
 * answer to it is ignored.
 */
export class PendingRequests {
  private readonly waiting: { request: PendingWalletRequest; fail(err: W3Error): void }[] = [];

  constructor(private readonly listener: (pending: PendingWalletRequest | undefined) => void) {}

  track<T>(method: string, sent: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry = {
        request: { method, cancel: () => entry.fail(new UserRejectedRequestError()) },
        fail: (err: W3Error) => {
          if (this.remove(entry)) reject(err);
        },
      };
      this.waiting.push(entry);
      if (this.waiting.length === 1) this.listener(entry.request);
      sent.then(
        (value) => {
          if (this.remove(entry)) resolve(value);
        },
        (err: unknown) => {
          if (this.remove(entry)) reject(err);
        },
      );
    });
  }

  /** Ends every wait with `err` (the session ended). */
  failAll(err: W3Error): void {
    for (const entry of [...this.waiting]) entry.fail(err);
  }

  private remove(entry: (typeof this.waiting)[number]): boolean {
    const at = this.waiting.indexOf(entry);
    if (at < 0) return false;
    this.waiting.splice(at, 1);
    if (at === 0) this.listener(this.waiting[0]?.request);
    return true;
  }
}
