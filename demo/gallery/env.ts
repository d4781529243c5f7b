/**
 * The gallery's fixed world, installed before anything else runs (main.ts imports it first):
 * the clock frozen at 2026-01-15T12:00:00Z (relative times stay the same), reduced motion
 * reported to every `matchMedia` reader, and no request leaving the page except the fixture
 * backend's (fixture-api.ts answers those) and same-origin files (fixture images, chunks).
 */
export const FROZEN_NOW = Date.parse('2026-01-15T12:00:00Z');

const RealDate = Date;
class FrozenDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(FROZEN_NOW);
    else super(...(args as [string]));
  }
  static override now(): number {
    return FROZEN_NOW;
  }
}
globalThis.Date = FrozenDate as DateConstructor;

const realMatchMedia = window.matchMedia.bind(window);
window.matchMedia = (query: string): MediaQueryList => {
  if (!/prefers-reduced-motion:\s*reduce/.test(query)) return realMatchMedia(query);
  // Reduced motion holds for the whole page's life: a list that matches and never changes.
  const never = (): void => undefined;
  return {
    matches: true,
    media: query,
    onchange: null,
    addEventListener: never,
    removeEventListener: never,
    addListener: never,
    removeListener: never,
    dispatchEvent: () => false,
  } as MediaQueryList;
};

/** The fetch handler of the fixture backend (set by fixture-api.ts). */
export type FixtureHandler = (url: URL, init: RequestInit | undefined) => Promise<Response> | undefined;
let handler: FixtureHandler | undefined;
export function setFixtureHandler(next: FixtureHandler): void {
  handler = next;
}

const realFetch = window.fetch.bind(window);
window.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  const answer = handler?.(url, init);
  if (answer) return answer;
  if (url.origin === location.origin) return realFetch(input, init);
  // Fixtures only: nothing leaves the page (a view shows what a failed read shows).
  return Promise.reject(new TypeError(`gallery: no network (${url.origin})`));
};

/** A WebSocket that never opens (the relay, RPC subscriptions): the gallery has no network. */
class ClosedSocket extends EventTarget {
  readyState = 3;
  send(): void {}
  close(): void {}
}
window.WebSocket = ClosedSocket as unknown as typeof WebSocket;
