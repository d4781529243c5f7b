/**
 * `useW3CallsStatus(id)`: the status of a batch sent with sendCalls / useW3SendCalls (EIP-5792's
 * wallet_getCallsStatus), read again every `pollMs` while it is pending (100), at most
 * `maxPolls` times; it stops once the batch settles, when `id` changes and on unmount.
 */
import { useEffect, useState } from 'react';
import { getInstance, type CallsStatus } from '../instance.js';

export interface UseW3CallsStatusResult {
  /** The last status read: `{ status, atomic, receipts }` (100 pending, 200 confirmed, 400/500/600 failed). */
  data: CallsStatus | undefined;
  error: Error | undefined;
  /** True until the batch has settled (status other than 100) or a read failed. */
  isPending: boolean;
}

export interface UseW3CallsStatusOptions {
  /** Milliseconds between reads while pending (default 1000). */
  pollMs?: number;
  /** The most reads per id (default 300). */
  maxPolls?: number;
}

const IDLE: UseW3CallsStatusResult = { data: undefined, error: undefined, isPending: false };

export function useW3CallsStatus(id: string | undefined, options: UseW3CallsStatusOptions = {}): UseW3CallsStatusResult {
  const { pollMs = 1000, maxPolls = 300 } = options;
  const [state, setState] = useState<UseW3CallsStatusResult>(IDLE);
  useEffect(() => {
    if (!id) {
      setState(IDLE);
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;
    setState({ data: undefined, error: undefined, isPending: true });
    const read = async (): Promise<void> => {
      polls += 1;
      try {
        const data = await getInstance().getCallsStatus(id);
        if (!live) return;
        const pending = data.status === 100;
        setState({ data, error: undefined, isPending: pending });
        if (pending && polls < maxPolls) timer = setTimeout(() => void read(), pollMs);
      } catch (err) {
        if (live) setState({ data: undefined, error: err instanceof Error ? err : new Error(String(err)), isPending: false });
      }
    };
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, pollMs, maxPolls]);
  return state;
}
