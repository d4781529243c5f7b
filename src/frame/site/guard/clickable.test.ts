import { describe, expect, it } from 'vitest';
import { clickable, initialState, observe, STILL_MS, type GuardState, type HostLayout, type Signal } from './clickable.js';

const size = { width: 360, height: 300 };
const seen: Signal = { kind: 'intersection', ratio: 1, isVisible: true };
const frame: Signal = { kind: 'frame', pageHidden: false, viewport: size, content: size };
const layout = (over: Partial<HostLayout> = {}): Signal => ({
  kind: 'host',
  layout: { rect: { x: 100, y: 80, ...size }, clipped: false, animating: false, ...over },
});

/** A screen shown at 0 whose signals all arrive at `at`. */
function shown(at = 0, signals: Signal[] = [seen, frame, layout()]): GuardState {
  return signals.reduce((state, signal) => observe(state, signal, at), initialState(0));
}

describe('clickable', () => {
  it('counts a click only once the screen has been fully visible and still for 500 ms', () => {
    const state = shown(10);
    expect(clickable(state, 10)).toEqual({ ok: false, reason: 'settling', retryInMs: STILL_MS });
    expect(clickable(state, 10 + STILL_MS - 1)).toMatchObject({ ok: false, reason: 'settling', retryInMs: 1 });
    expect(clickable(state, 10 + STILL_MS)).toEqual({ ok: true });
  });

  it('holds until the observer has seen the screen at all', () => {
    const state = shown(0, [frame, layout()]);
    expect(clickable(state, 5_000)).toEqual({ ok: false, reason: 'hidden' });
  });

  it('a covered screen (IntersectionObserver v2 says not visible) never counts, and waits again once uncovered', () => {
    let state = observe(shown(0), { kind: 'intersection', ratio: 1, isVisible: false }, 1_000);
    expect(clickable(state, 5_000)).toEqual({ ok: false, reason: 'covered' });
    state = observe(state, seen, 6_000);
    expect(clickable(state, 6_100)).toMatchObject({ ok: false, reason: 'settling' });
    expect(clickable(state, 6_000 + STILL_MS)).toEqual({ ok: true });
  });

  it('a browser without v2 relies on the ratio and the other checks', () => {
    const state = shown(0, [{ kind: 'intersection', ratio: 1 }, frame, layout()]);
    expect(clickable(state, STILL_MS)).toEqual({ ok: true });
    expect(clickable(observe(state, { kind: 'intersection', ratio: 0.8 }, 600), 5_000)).toEqual({ ok: false, reason: 'clipped' });
  });

  it('a screen partly out of view, cut by the host, or larger than the frame is clipped', () => {
    expect(clickable(observe(shown(), { kind: 'intersection', ratio: 0.7, isVisible: true }, 0), 5_000)).toMatchObject({
      reason: 'clipped',
    });
    expect(clickable(observe(shown(), layout({ clipped: true }), 0), 5_000)).toMatchObject({ reason: 'clipped' });
    const tall: Signal = { kind: 'frame', pageHidden: false, viewport: size, content: { width: 360, height: 420 } };
    expect(clickable(observe(shown(), tall, 0), 5_000)).toMatchObject({ reason: 'clipped' });
  });

  it('a hidden page is hidden', () => {
    const state = observe(shown(), { kind: 'frame', pageHidden: true, viewport: size, content: size }, 0);
    expect(clickable(state, 5_000)).toEqual({ ok: false, reason: 'hidden' });
  });

  it('a move reported by the host starts the wait again, and says the window is moving', () => {
    const state = observe(shown(0), layout({ rect: { x: 100, y: 120, ...size } }), 2_000);
    expect(clickable(state, 2_100)).toEqual({ ok: false, reason: 'moving', retryInMs: STILL_MS - 100 });
    expect(clickable(state, 2_000 + STILL_MS)).toEqual({ ok: true });
    // A sub-pixel difference is no move.
    expect(clickable(observe(shown(0), layout({ rect: { x: 100.5, y: 80, ...size } }), 2_000), 2_001)).toEqual({ ok: true });
  });

  it('an animation the host reports holds the click while it runs', () => {
    const state = observe(shown(0), layout({ animating: true }), 1_000);
    expect(clickable(state, 9_000)).toEqual({ ok: false, reason: 'moving' });
    const done = observe(state, layout(), 9_000);
    expect(clickable(done, 9_100)).toMatchObject({ ok: false, reason: 'moving' });
    expect(clickable(done, 9_000 + STILL_MS)).toEqual({ ok: true });
  });

  it('a frame resized, or not the size the host reports, is moving', () => {
    const resized: Signal = { kind: 'frame', pageHidden: false, viewport: { width: 360, height: 320 }, content: size };
    expect(clickable(observe(shown(0), resized, 2_000), 2_100)).toMatchObject({ ok: false, reason: 'moving' });
    // The host says 360x300; the frame sees 360x320: in the middle of a change.
    expect(clickable(observe(shown(0), resized, 2_000), 9_000)).toEqual({ ok: false, reason: 'moving' });
  });

  it('the frame moved under the pointer starts the wait again; a pointer that moves (at any zoom) does not; leaving forgets it', () => {
    const at = (screenX: number, screenY: number, clientX: number, clientY: number): Signal => ({
      kind: 'pointer',
      at: { screenX, screenY, clientX, clientY },
    });
    let state = observe(shown(0), at(300, 400, 100, 120), 1_000);
    // The pointer moves; at 150 % zoom the screen moves 1.5 times the frame's pixels.
    state = observe(state, at(330, 445, 120, 150), 1_100);
    expect(clickable(state, 1_100)).toEqual({ ok: true });
    // The pointer stays; the frame slides 30 px under it.
    state = observe(state, at(330, 445, 90, 150), 2_000);
    expect(clickable(state, 2_200)).toMatchObject({ ok: false, reason: 'moving' });
    expect(clickable(state, 2_000 + STILL_MS)).toEqual({ ok: true });
    // The pointer moves 2 px right while the frame slides 30 px right: opposite ways.
    state = observe(state, at(332, 445, 62, 150), 3_000);
    expect(clickable(state, 3_100)).toMatchObject({ ok: false, reason: 'moving' });
    // A move the host reports counts once, from its report: not again at the pointer's next event.
    state = observe(state, layout({ rect: { x: 100, y: 56, ...size } }), 3_600);
    state = observe(state, at(332, 421, 62, 150), 4_100);
    expect(clickable(state, 4_100)).toEqual({ ok: true });
    state = observe(state, { kind: 'pointer' }, 4_000);
    state = observe(state, at(10, 10, 5, 5), 4_700);
    expect(clickable(state, 4_700)).toEqual({ ok: true });
  });
});
