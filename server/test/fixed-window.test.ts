/** FixedWindowCounter: counting per key, all or nothing, ended windows swept, and at most `maxKeys` windows held. */
import { describe, expect, it } from 'vitest';
import { FixedWindowCounter } from '../src/fixed-window.js';

describe('FixedWindowCounter', () => {
  it('counts per key up to max, refuses without counting, and starts a new window once one ends', () => {
    let t = 0;
    const counter = new FixedWindowCounter(10, 1000, () => t);
    expect(counter.take('a', 7)).toEqual({ ok: true });
    expect(counter.check('a', 4)).toEqual({ ok: false, retryInMs: 1000 });
    t = 250;
    expect(counter.take('a', 4)).toEqual({ ok: false, retryInMs: 750 });
    expect(counter.take('a', 3)).toEqual({ ok: true });
    expect(counter.take('b', 10)).toEqual({ ok: true });
    expect(counter.check('c', 11)).toEqual({ ok: false, retryInMs: 1000 });
    t = 1000;
    expect(counter.take('a', 10)).toEqual({ ok: true });
  });

  it('holds at most maxKeys windows: ended ones go first, then the oldest', () => {
    let t = 0;
    const counter = new FixedWindowCounter(1, 1000, () => t, 3);
    for (const key of ['a', 'b', 'c']) counter.take(key);
    t = 500;
    counter.take('d');
    expect(counter.size).toBe(3);
    // 'a' was dropped, so it counts afresh; 'c' and 'd' are still held.
    expect(counter.take('a')).toEqual({ ok: true });
    expect(counter.check('c')).toMatchObject({ ok: false });
    expect(counter.check('d')).toMatchObject({ ok: false });
    // At 1200 only 'c' has ended: it goes, not 'd', the oldest still running.
    t = 1200;
    counter.take('e');
    expect(counter.size).toBe(3);
    expect(counter.check('d')).toMatchObject({ ok: false });
    t = 1500;
    counter.sweep();
    expect(counter.size).toBe(1);
    // Many keys never grow it past the bound.
    for (let i = 0; i < 10_000; i++) counter.take(`k${i}`);
    expect(counter.size).toBe(3);
  });
});
