/**
 * A TEST DOUBLE of the frame bridge for the embedded stores' unit tests (node): answers each
 * request type with a scripted handler (none: never answers), records what was asked, and
 * rejects pending unsafe RPC requests on `abort(true)` like the real bridge.
 */
import { EmbeddedWalletError } from '../core/errors/frame.js';
import type { FrameBridge, FrameBridgeOptions } from '../frame/bridge/bridge.js';
import { rpcMethodClass } from '../frame/constants.js';
import type { FramePayload, FrameRequestType } from '../frame/messages.js';
import { setBridgeLoader } from '../stores/embedded/frame.js';

export type Handlers = { [T in FrameRequestType]?: (payload: FramePayload<T>) => unknown };

export interface FrameDouble extends FrameBridge {
  handlers: Handlers;
  calls: { type: FrameRequestType; payload: unknown; timeoutMs: number | null | undefined }[];
  /** The layout reports the store forwarded (see $frameLayout). */
  reports: unknown[];
  /** The options the store created the bridge with (its onTimeout and onEvent). */
  options: FrameBridgeOptions;
}

export function installFrameDouble(handlers: Handlers = {}): FrameDouble {
  const pending = new Set<{ unsafe: boolean; reject: (e: unknown) => void }>();
  const double = {
    handlers,
    calls: [],
    reports: [],
    iframe: { tagName: 'IFRAME' } as unknown as HTMLIFrameElement,
    origin: 'http://127.0.0.1:4303',
    ready: Promise.resolve(),
    initialized: Promise.resolve(),
    request(type: FrameRequestType, payload: unknown, options?: { timeoutMs?: number | null }) {
      double.calls.push({ type, payload, timeoutMs: options?.timeoutMs });
      const handler = double.handlers[type] as ((p: unknown) => unknown) | undefined;
      const unsafe = type === 'RpcRequest' && rpcMethodClass((payload as { method: string }).method) === 'unsafe';
      return new Promise((resolve, reject) => {
        const entry = { unsafe, reject };
        pending.add(entry);
        if (!handler) return;
        Promise.resolve()
          .then(() => handler(payload))
          .then(resolve, reject)
          .finally(() => pending.delete(entry));
      });
    },
    abort(rpcOnly = false) {
      for (const entry of [...pending])
        if (!rpcOnly || entry.unsafe) {
          pending.delete(entry);
          entry.reject(new EmbeddedWalletError(entry.unsafe ? 'Request was aborted' : 'Something went wrong'));
        }
    },
    destroy() {
      double.abort();
    },
    report(layout: unknown) {
      double.reports.push(layout);
    },
  } as unknown as FrameDouble;
  setBridgeLoader(async () => (options) => {
    double.options = options;
    return double;
  });
  return double;
}

/** A user as the frame gives it after login. */
export const EMBEDDED_USER = {
  email: 'ada@example.com',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 'eip155:31337',
  accounts: [
    { namespace: 'eip155' as const, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'eoa' as const },
    { namespace: 'solana' as const, address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', type: 'eoa' as const },
  ],
  preferredAccountType: 'eoa' as const,
  smartAccountDeployed: false,
};
