/**
 * EIP-6963 listener hardening (issue 12, item 25) against a DOM-like page target whose
 * dispatchEvent calls listeners in turn and lets their exceptions out, as a page error would.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ANNOUNCED_WALLETS, watchWallets, type DiscoveredWallet } from './discovery.js';

type Listener = (event: Event) => void;

class PageTarget {
  readonly listeners = new Map<string, Set<Listener>>();
  ethereum: unknown;
  addEventListener(type: string, listener: Listener): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }
  dispatchEvent(event: Event): boolean {
    for (const listener of [...(this.listeners.get(event.type) ?? [])]) listener(event);
    return true;
  }
}

const provider = () => ({ request: async () => null });
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const announce = (page: PageTarget, detail: unknown) => page.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
const microtasks = () => new Promise<void>((r) => setTimeout(r, 0));

describe('watchWallets (EIP-6963)', () => {
  let page: PageTarget;
  beforeEach(() => {
    page = new PageTarget();
    (globalThis as { window?: unknown }).window = page;
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('ignores an announcement whose info getter throws, raising nothing, and keeps listening', async () => {
    const seen: DiscoveredWallet[][] = [];
    const ignored: string[] = [];
    const stop = watchWallets(
      (list) => seen.push(list),
      (reason) => ignored.push(reason),
    );
    const hostile = {
      get info(): never {
        throw new Error('boom');
      },
      provider: provider(),
    };
    const hostileFields = {
      info: {
        uuid: uuid(1),
        get name(): never {
          throw new Error('boom');
        },
        rdns: 'evil.example',
      },
      provider: provider(),
    };
    expect(() => announce(page, hostile)).not.toThrow();
    expect(() => announce(page, hostileFields)).not.toThrow();
    expect(() => announce(page, null)).not.toThrow();
    announce(page, {
      info: { uuid: uuid(2), name: 'Good', rdns: 'good.example', icon: 'data:image/png;base64,AA==' },
      provider: provider(),
    });
    await microtasks();
    expect(seen.at(-1)?.map((w) => w.name)).toEqual(['Good']);
    expect(ignored).toEqual(['eip6963: bad announcement', 'eip6963: bad announcement', 'eip6963: bad announcement']);
    stop();
  });

  it('validates info: a uuid, a reverse-DNS rdns, and an image data URI as icon', async () => {
    const seen: DiscoveredWallet[][] = [];
    const stop = watchWallets((list) => seen.push(list));
    const p = provider();
    announce(page, { info: { uuid: 'not-a-uuid', name: 'A', rdns: 'a.example' }, provider: p });
    announce(page, { info: { uuid: uuid(1), name: 'B', rdns: 'no dots' }, provider: p });
    announce(page, { info: { uuid: uuid(2), name: 'C', rdns: 'c.example', icon: 'javascript:alert(1)' }, provider: p });
    announce(page, { info: { uuid: uuid(3), name: 'D', rdns: 'd.example', icon: 'data:text/html,<b>' }, provider: p });
    announce(page, { info: { uuid: uuid(4), name: 'E', rdns: 'e.example', icon: 'data:image/svg+xml,<svg/>' }, provider: p });
    await microtasks();
    const list = seen.at(-1)!;
    expect(list.map((w) => w.name)).toEqual(['C', 'D', 'E']);
    expect(list.map((w) => w.icon)).toEqual([undefined, undefined, 'data:image/svg+xml,<svg/>']);
    stop();
  });

  it('takes 500 announcements with one update, each field read once, and keeps at most the cap', async () => {
    let updates = 0;
    let reads = 0;
    let last: DiscoveredWallet[] = [];
    const stop = watchWallets((list) => {
      updates++;
      last = list;
    });
    const field = (value: string) => ({
      enumerable: true,
      get: () => {
        reads++;
        return value;
      },
    });
    for (let i = 0; i < 500; i++) {
      const info = Object.defineProperties(
        {},
        {
          uuid: field(uuid(i)),
          name: field(`Wallet ${i}`),
          rdns: field(`com.example.w${i}`),
          icon: field('data:image/png;base64,AA=='),
        },
      );
      announce(page, { info, provider: provider() });
    }
    // the same wallets again (a page asking twice): no new work, no duplicates
    for (let i = 0; i < 500; i++) {
      announce(page, { info: { uuid: uuid(i), name: `Wallet ${i}`, rdns: `com.example.w${i}` }, provider: provider() });
    }
    await microtasks();
    expect(MAX_ANNOUNCED_WALLETS).toBe(50);
    expect(updates).toBe(1);
    expect(reads).toBe(500 * 4);
    expect(last).toHaveLength(MAX_ANNOUNCED_WALLETS);
    expect(new Set(last.map((w) => w.id)).size).toBe(MAX_ANNOUNCED_WALLETS);
    expect(last[0]!.name).toBe('Wallet 0');
    stop();
  });

  it('keeps one wallet per uuid and per rdns; a re-announcement with a new provider replaces it', async () => {
    let last: DiscoveredWallet[] = [];
    const stop = watchWallets((list) => (last = list));
    const first = provider();
    const second = provider();
    announce(page, { info: { uuid: uuid(1), name: 'One', rdns: 'one.example' }, provider: first });
    announce(page, { info: { uuid: uuid(1), name: 'Impostor', rdns: 'other.example' }, provider: provider() });
    announce(page, { info: { uuid: uuid(2), name: 'One', rdns: 'one.example' }, provider: second });
    await microtasks();
    expect(last.map((w) => w.id)).toEqual(['one.example']);
    expect(last[0]!.provider).toBe(second);
    stop();
  });

  it('still lists window.ethereum once, unless an announced wallet is the same', async () => {
    page.ethereum = { request: async () => null, isRabby: true };
    let last: DiscoveredWallet[] = [];
    const stop = watchWallets((list) => (last = list));
    expect(last.map((w) => `${w.type}:${w.name}`)).toEqual(['INJECTED:Rabby Wallet']);
    announce(page, { info: { uuid: uuid(1), name: 'Rabby', rdns: 'io.rabby' }, provider: provider() });
    await microtasks();
    expect(last.map((w) => `${w.type}:${w.name}`)).toEqual(['ANNOUNCED:Rabby']);
    stop();
  });
});
