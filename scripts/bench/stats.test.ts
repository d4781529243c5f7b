import { describe, expect, it } from 'vitest';
import { compareRounds, stats } from './stats.mjs';
import { parseOptions } from './options.mjs';

describe('stats', () => {
  it('gives min, median and max, averaging the middle two of an even count', () => {
    expect(stats([5, 1, 3])).toEqual({ min: 1, median: 3, max: 5 });
    expect(stats([4, 1, 3, 2])).toEqual({ min: 1, median: 2.5, max: 4 });
    expect(stats([7])).toEqual({ min: 7, median: 7, max: 7 });
  });

  it('refuses no samples', () => {
    expect(() => stats([])).toThrow('no samples');
  });
});

describe('compareRounds', () => {
  it('divides or subtracts round by round', () => {
    expect(compareRounds([30, 40], [10, 20], 'ratio')).toEqual([3, 2]);
    expect(compareRounds([3.5, 4], [1.5, 1], 'difference')).toEqual([2, 3]);
  });

  it('refuses rounds that do not line up', () => {
    expect(() => compareRounds([1, 2], [1], 'ratio')).toThrow('2 samples against 1');
    expect(() => compareRounds([], [], 'ratio')).toThrow();
  });
});

describe('parseOptions', () => {
  it('defaults to a build, 7 rounds and dist/cdn', () => {
    expect(parseOptions([])).toEqual({ build: true, runs: 7, cdnDir: 'dist/cdn' });
    expect(parseOptions(['--only=locale,pages'])).toMatchObject({ only: ['locale', 'pages'] });
  });

  it('reads --no-build, --runs=N and --cdn=DIR', () => {
    expect(parseOptions(['--no-build', '--runs=3', '--cdn=out/cdn'])).toEqual({ build: false, runs: 3, cdnDir: 'out/cdn' });
  });

  it('refuses a --runs that is not a positive integer', () => {
    for (const bad of ['--runs=0', '--runs=-1', '--runs=2.5', '--runs=x'])
      expect(() => parseOptions([bad])).toThrow('--runs=N needs a positive integer');
  });
});
