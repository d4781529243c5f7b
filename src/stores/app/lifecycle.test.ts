import { atom, computed } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import { whileListened } from './lifecycle.js';

describe('whileListened', () => {
  it('starts on the first listener, stops when the last leaves, and starts again on the next', () => {
    const $store = atom(0);
    const stop = vi.fn();
    const start = vi.fn(() => stop);
    whileListened($store, start);
    expect(start).not.toHaveBeenCalled();
    const a = $store.listen(() => undefined);
    const b = $store.listen(() => undefined);
    expect(start).toHaveBeenCalledTimes(1);
    a();
    expect(stop).not.toHaveBeenCalled();
    b();
    expect(stop).toHaveBeenCalledTimes(1);
    $store.subscribe(() => undefined);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('works on a computed store and without a cleanup', () => {
    const $source = atom(1);
    const $double = computed($source, (n) => n * 2);
    const start = vi.fn();
    whileListened($double, start);
    const values: number[] = [];
    const off = $double.subscribe((n) => values.push(n));
    $source.set(2);
    off();
    expect(start).toHaveBeenCalledTimes(1);
    expect(values).toEqual([2, 4]);
  });
});
