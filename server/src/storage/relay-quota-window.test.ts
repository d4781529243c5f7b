/** The quota window arithmetic the database rows, the in-memory windows and Redis share (relay-quota.ts). */
import { describe, expect, it } from 'vitest';
import { currentWindow } from './relay-quota.js';

describe('currentWindow', () => {
  it('keeps a running window, and starts an ended or missing one empty, ending a window from now', () => {
    const running = { count: 7, resetAt: 2_000 };
    expect(currentWindow(running, 1_999, 500)).toBe(running);
    expect(currentWindow(running, 2_000, 500)).toEqual({ count: 0, resetAt: 2_500 });
    expect(currentWindow(undefined, 1_000, 500)).toEqual({ count: 0, resetAt: 1_500 });
    // Redis: a key without a TTL (-1) or gone (-2) is a window not yet started.
    expect(currentWindow({ count: 0, resetAt: 1_000 - 2 }, 1_000, 500)).toEqual({ count: 0, resetAt: 1_500 });
  });
});
