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

describe('in other locales (Intl)', () => {
  it('relative times in de, ar and ja', () => {
    expect(relativeTime(ago(5 * 60_000), NOW, 'de')).toBe('vor 5 Min.');
    expect(relativeTime(ago(2 * 3_600_000), NOW, 'de')).toBe('vor 2 Std.');
    expect(relativeTime(ago(10_000), NOW, 'de')).toBe('jetzt');
    expect(relativeTime(ago(5 * 60_000), NOW, 'ja')).toBe('5 分前');
    expect(relativeTime(ago(3 * 86_400_000), NOW, 'ja')).toBe('3 日前');
    expect(relativeTime(ago(5 * 60_000), NOW, 'ar')).toBe('قبل 5 دقائق');
    expect(relativeTime(ago(5 * 60_000), NOW, 'en')).toBe('5 min');
  });

  it('date groups in en, de, ar and ja', () => {
    expect(dateGroup(ago(3_600_000), NOW, 'en')).toBe('Today');
    expect(dateGroup(ago(3_600_000), NOW, 'de')).toBe('Heute');
    expect(dateGroup(ago(24 * 3_600_000), NOW, 'de')).toBe('Gestern');
    expect(dateGroup(ago(24 * 3_600_000), NOW, 'ja')).toBe('昨日');
    expect(dateGroup(ago(24 * 3_600_000), NOW, 'ar')).toBe('أمس');
    expect(dateGroup(new Date(2025, 2, 3, 9).getTime(), NOW, 'de')).toBe('3. März 2025');
    expect(dateGroup(new Date(2025, 2, 3, 9).getTime(), NOW, 'ja')).toBe('2025年3月3日');
  });
});
