import { describe, expect, it } from 'vitest';
import { dateGroup, relativeTime } from './relative-time.js';

const NOW = new Date(2025, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => NOW - ms;

describe('relativeTime', () => {
  it('abbreviates like the spec', () => {
    expect(relativeTime(ago(10_000), NOW)).toBe('now');
    expect(relativeTime(ago(5 * 60_000), NOW)).toBe('5 min');
    expect(relativeTime(ago(60 * 60_000), NOW)).toBe('1 hr');
    expect(relativeTime(ago(2 * 3_600_000 + 5), NOW)).toBe('2 hrs');
    expect(relativeTime(ago(3 * 86_400_000), NOW)).toBe('3 days');
    expect(relativeTime(ago(14 * 86_400_000), NOW)).toBe('2 wks');
    expect(relativeTime(ago(400 * 86_400_000), NOW)).toBe('1 yr');
    expect(relativeTime(NOW + 5000, NOW)).toBe('now');
  });
});

describe('dateGroup', () => {
  it('names today, yesterday, then the date', () => {
    expect(dateGroup(ago(3_600_000), NOW)).toBe('Today');
    expect(dateGroup(ago(24 * 3_600_000), NOW)).toBe('Yesterday');
    expect(dateGroup(new Date(2025, 2, 3, 9).getTime(), NOW)).toBe('March 3, 2025');
  });
});
