/**
 * The visual tests' comparison itself (scripts/visual-compare.mjs): identical shots match, a block
 * moved by one pixel does not (and its diff image is written, red where the block's edges moved),
 * a few pixels of noise stay within the tolerance, and a new size never matches.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_DIFF_PIXELS, compareShots, decodePng, encodePng, formatShare, saveFailure } from './visual-compare.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-visual-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 200×120 light grey shot with a dark 60×30 block whose top-left corner is at (x, y). */
function shot(x: number, y: number, width = 200, height = 120): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const inBlock = px >= x && px < x + 60 && py >= y && py < y + 30;
      const v = inBlock ? 40 : 235;
      data.set([v, v, v, 255], (py * width + px) * 4);
    }
  }
  return encodePng({ width, height, data });
}

/** The RGBA of one pixel of a PNG buffer. */
function pixel(png: Buffer, x: number, y: number): number[] {
  const { width, data } = decodePng(png);
  const i = (y * width + x) * 4;
  return [...data.subarray(i, i + 4)];
}

describe('visual comparison', () => {
  it('two identical shots match, with no pixel differing and no diff image', () => {
    const result = compareShots(shot(50, 40), shot(50, 40));
    expect(result).toMatchObject({ match: true, diffPixels: 0, share: 0, sizeChanged: false, diffPng: null });
  });

  it('a block moved by one pixel fails, beyond the tolerance, and its diff image is written', () => {
    const baseline = shot(50, 40);
    const actual = shot(51, 40);
    const result = compareShots(baseline, actual);
    expect(result.match).toBe(false);
    // Its left and right edges, 30 px each.
    expect(result.diffPixels).toBe(60);
    expect(result.diffPixels).toBeGreaterThan(MAX_DIFF_PIXELS);
    expect(result.share).toBeCloseTo(60 / (200 * 120), 10);

    const diffFile = saveFailure(dir, 'block--moved', { baselinePng: baseline, actualPng: actual, diffPng: result.diffPng });
    expect(diffFile).toBe(path.join(dir, 'block--moved.diff.png'));
    expect(existsSync(path.join(dir, 'block--moved.actual.png'))).toBe(true);
    expect(existsSync(path.join(dir, 'block--moved.baseline.png'))).toBe(true);
    const diff = readFileSync(diffFile);
    expect(decodePng(diff)).toMatchObject({ width: 200, height: 120 });
    // pixelmatch paints a differing pixel red: the column the block left and the one it entered.
    expect(pixel(diff, 50, 50)).toEqual([255, 0, 0, 255]);
    expect(pixel(diff, 110, 50)).toEqual([255, 0, 0, 255]);
    // An unchanged pixel is the baseline, faded: not red.
    expect(pixel(diff, 80, 50)[1]).not.toBe(0);
  });

  it('a few pixels of noise stay within the tolerance', () => {
    const { width, height, data } = decodePng(shot(50, 40));
    for (let i = 0; i < MAX_DIFF_PIXELS; i++) data.set([0, 0, 0, 255], (i * 7 * width + 3) * 4);
    const result = compareShots(shot(50, 40), encodePng({ width, height, data }));
    expect(result.match).toBe(true);
    expect(result.diffPixels).toBe(MAX_DIFF_PIXELS);
  });

  it('a shot of another size never matches, its diff showing both side by side', () => {
    const result = compareShots(shot(50, 40), shot(50, 40, 200, 121));
    expect(result).toMatchObject({ match: false, share: 1, sizeChanged: true });
    expect(decodePng(result.diffPng as Buffer)).toMatchObject({ width: 400, height: 121 });
  });

  it('says a share with the digits that tell a few pixels from none', () => {
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(60 / (1280 * 800))).toBe('0.0059%');
    expect(formatShare(0.25)).toBe('25.0%');
  });
});
