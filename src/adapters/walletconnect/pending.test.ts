import { describe, expect, it } from 'vitest';
import { ProviderDisconnectedError } from '../../core/errors.js';
import { PendingRequests, PROMPTING_METHODS, type PendingWalletRequest } from './pending.js';

/** A request the test answers by hand, like a wallet whose person has not decided yet. */
function deferred<T>(): { promise: Promise<T>; resolve(v: T): void; reject(e: unknown): void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('PendingRequests', () => {
  it('reports the oldest waiting request, and none once the wallet answered (before the caller sees the answer)', async () => {
    const seen: (string | undefined)[] = [];
    const pending = new PendingRequests((p) => seen.push(p?.method));
    const sign = deferred<string>();
    const send = deferred<string>();
    const signed = pending.track('personal_sign', sign.promise).then((v) => (seen.push(`result ${v}`), v));
    const sent = pending.track('eth_sendTransaction', send.promise);
    expect(seen).toEqual(['personal_sign']);
    sign.resolve('0xsig');
    expect(await signed).toBe('0xsig');
    expect(seen).toEqual(['personal_sign', 'eth_sendTransaction', 'result 0xsig']);
    send.reject(new Error('declined'));
    await expect(sent).rejects.toThrow('declined');
    expect(seen.at(-1)).toBeUndefined();
  });

  it('Cancel rejects with 4001 User rejected the request, and the later answer is ignored', async () => {
    let current: PendingWalletRequest | undefined;
    const pending = new PendingRequests((p) => (current = p));
    const sign = deferred<string>();
    const signed = pending.track('personal_sign', sign.promise);
    current?.cancel();
    await expect(signed).rejects.toMatchObject({ code: 4001, shortMessage: 'User rejected the request.' });
    expect(current).toBeUndefined();
    sign.resolve('0xlate');
    await new Promise((r) => setTimeout(r, 0));
    expect(current).toBeUndefined();
  });

  it('the session ending fails every wait', async () => {
    const pending = new PendingRequests(() => undefined);
    const waits = [
      pending.track('personal_sign', new Promise(() => undefined)),
      pending.track('eth_sendTransaction', new Promise(() => undefined)),
    ];
    pending.failAll(new ProviderDisconnectedError('Provider disconnected'));
    for (const wait of waits) await expect(wait).rejects.toThrow('Provider disconnected');
  });

  it('tracks the methods a person answers in the wallet, not reads', () => {
    expect(PROMPTING_METHODS.has('personal_sign')).toBe(true);
    expect(PROMPTING_METHODS.has('eth_sendTransaction')).toBe(true);
    expect(PROMPTING_METHODS.has('eth_chainId')).toBe(false);
    expect(PROMPTING_METHODS.has('wallet_getCapabilities')).toBe(false);
  });
});
