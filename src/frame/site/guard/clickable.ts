/**
 * Whether a click on a button that releases a signature or a key counts now (pure: no DOM, no
 * clock; the wiring in ./click-guard.ts feeds it what it sees and asks it at each click).
 *
 * A click counts only when the screen is fully visible and has been, unmoved, for STILL_MS:
 * - the frame's page is not hidden (`document.visibilityState`);
 * - IntersectionObserver: the screen is all in view (ratio ≥ FULL_RATIO) and, where the browser
 *   has IntersectionObserver v2 (`isVisible`), nothing covers it, fades it or distorts it;
 * - the frame's own geometry: its viewport is as large as the screen, and its size matches the
 *   rect the host reports for the frame element;
 * - the host's reports (the modal side): the frame element is not cut off and nothing animates;
 * - the frame did not move under the pointer: between two pointer events, the pointer's place on
 *   the screen and its place in the frame moved alike (the same way on each axis; page zoom
 *   scales one against the other, so only a move one way and not the other, or the opposite way,
 *   counts); a move the host reports forgets the pointer's last place (it is counted then).
 * Any change of the frame's size or place, or any condition above turning bad, starts the
 * STILL_MS wait again. Reports can only hold a click back, never let one through.
 */

/** How long the screen must have been fully visible and unmoved before a click counts. */
export const STILL_MS = 500;
/** The share of the screen that must be in view (1, with room for sub-pixel rounding). */
export const FULL_RATIO = 0.99;
/** Pixels of difference between two sizes or places that still count as the same. */
const SLACK_PX = 1;

/** Why a click does not count now; each has its own sentence (./guard-texts.ts). */
export type HoldReason = 'hidden' | 'covered' | 'clipped' | 'moving' | 'settling';

export interface Size {
  width: number;
  height: number;
}
export interface Rect extends Size {
  x: number;
  y: number;
}

/** What the host reports about the frame element (src/frame/messages.ts, hostLayoutSchema). */
export interface HostLayout {
  rect: Rect;
  clipped: boolean;
  animating: boolean;
}

export type Signal =
  /** IntersectionObserver's entry for the screen; `isVisible` undefined: no v2 in this browser. */
  | { kind: 'intersection'; ratio: number; isVisible?: boolean }
  /** The frame's own view: its page's visibility, its viewport and the screen's size. */
  | { kind: 'frame'; pageHidden: boolean; viewport: Size; content: Size }
  | { kind: 'host'; layout: HostLayout }
  /** A pointer event's place on the screen and in the frame's viewport; undefined: the pointer left. */
  | { kind: 'pointer'; at?: PointerPlace };

export interface PointerPlace {
  screenX: number;
  screenY: number;
  clientX: number;
  clientY: number;
}

export interface GuardState {
  intersection?: { ratio: number; isVisible?: boolean };
  frame?: { pageHidden: boolean; viewport: Size; content: Size };
  host?: HostLayout;
  pointer?: PointerPlace;
  /** When the screen last appeared, moved or was not fully visible. */
  unsettledAt: number;
  /** Whether that last unsettling was a move (else the screen appeared or came back into view). */
  moved: boolean;
}

export type Verdict = { ok: true } | { ok: false; reason: HoldReason; retryInMs?: number };

/** A screen that just appeared: nothing seen yet, so nothing counts until the signals say so. */
export function initialState(now: number): GuardState {
  return { unsettledAt: now, moved: false };
}

const near = (a: number, b: number) => Math.abs(a - b) <= SLACK_PX;
const sameSize = (a: Size, b: Size) => near(a.width, b.width) && near(a.height, b.height);
const sameRect = (a: Rect, b: Rect) => sameSize(a, b) && near(a.x, b.x) && near(a.y, b.y);

/** Whether, on one axis, the frame moved under the pointer between `a` and `b` (see above). */
function slid(a: PointerPlace, b: PointerPlace, axis: 'X' | 'Y'): boolean {
  const onScreen = b[`screen${axis}`] - a[`screen${axis}`];
  const inFrame = b[`client${axis}`] - a[`client${axis}`];
  if (Math.abs(onScreen) <= SLACK_PX && Math.abs(inFrame) <= SLACK_PX) return false;
  if (Math.abs(onScreen) <= SLACK_PX || Math.abs(inFrame) <= SLACK_PX) return true;
  return Math.sign(onScreen) !== Math.sign(inFrame);
}

/** What is wrong now, regardless of how long it has been fine. */
export function currentProblem(state: GuardState): HoldReason | undefined {
  const { intersection, frame, host } = state;
  if (!intersection || frame?.pageHidden) return 'hidden';
  if (intersection.isVisible === false) return 'covered';
  if (intersection.ratio < FULL_RATIO || host?.clipped) return 'clipped';
  if (frame && (frame.viewport.height + SLACK_PX < frame.content.height || frame.viewport.width + SLACK_PX < frame.content.width))
    return 'clipped';
  if (host?.animating) return 'moving';
  if (frame && host && !sameSize(frame.viewport, host.rect)) return 'moving';
  return undefined;
}

/** Whether `signal` moves or resizes the frame compared with what `state` saw before. */
function moves(state: GuardState, signal: Signal): boolean {
  switch (signal.kind) {
    case 'host':
      return state.host !== undefined && !sameRect(state.host.rect, signal.layout.rect);
    case 'frame':
      return state.frame !== undefined && !sameSize(state.frame.viewport, signal.viewport);
    case 'pointer':
      return (
        state.pointer !== undefined &&
        signal.at !== undefined &&
        (slid(state.pointer, signal.at, 'X') || slid(state.pointer, signal.at, 'Y'))
      );
    default:
      return false;
  }
}

/** The state after `signal` arrived at `now`. */
export function observe(state: GuardState, signal: Signal, now: number): GuardState {
  const moved = moves(state, signal);
  const before = currentProblem(state);
  const next: GuardState = { ...state };
  if (signal.kind === 'intersection')
    next.intersection = { ratio: signal.ratio, ...(signal.isVisible === undefined ? {} : { isVisible: signal.isVisible }) };
  else if (signal.kind === 'frame') next.frame = { pageHidden: signal.pageHidden, viewport: signal.viewport, content: signal.content };
  else if (signal.kind === 'host') {
    next.host = signal.layout;
    // A move the host reported is counted from when it happened: the pointer's last place,
    // from before it, would count it again at the pointer's next event.
    if (moved) delete next.pointer;
  } else if (signal.at) next.pointer = signal.at;
  else delete next.pointer;
  // While something is wrong, and when it stops being wrong, the wait starts (again) now.
  const problem = currentProblem(next);
  if (moved || problem || before) {
    next.unsettledAt = now;
    next.moved = moved || (problem ?? before) === 'moving';
  }
  return next;
}

/** Whether a click at `now` counts; if not, why, and when to ask again if only time is missing. */
export function clickable(state: GuardState, now: number): Verdict {
  const problem = currentProblem(state);
  if (problem) return { ok: false, reason: problem };
  const still = now - state.unsettledAt;
  if (still < STILL_MS) return { ok: false, reason: state.moved ? 'moving' : 'settling', retryInMs: STILL_MS - still };
  return { ok: true };
}
