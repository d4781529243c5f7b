/**
 * The visual tests' comparison (issue 35, section 3): a screenshot against its baseline, both PNG,
 * with pixelmatch and a small tolerance.
 *
 * - A pixel differs when pixelmatch's colour distance passes PIXEL_THRESHOLD (0.1: the tone of an
 *   anti-aliased edge or a rounding of a colour does not count; a moved edge does) and it is not an
 *   anti-aliasing pixel as pixelmatch detects them.
 * - A shot matches when at most MAX_DIFF_PIXELS pixels differ: a few pixels of rasteriser noise pass,
 *   a block moved by 1 px does not (its two edges differ over their whole length).
 * - Different sizes never match (the whole shot counts as differing): the viewport is fixed, so a
 *   new size is a new layout.
 *
 * compareShots() returns the count, the share and, when they do not match, a diff image (the
 * baseline faded, the differing pixels in red) as a PNG buffer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** pixelmatch's per-pixel colour threshold (0 exact .. 1 anything). */
export const PIXEL_THRESHOLD = 0.1;
/** How many differing pixels a shot may have and still match its baseline. */
export const MAX_DIFF_PIXELS = 10;

/** Decodes a PNG buffer to `{ width, height, data }` (RGBA). */
export function decodePng(buffer) {
  return PNG.sync.read(buffer);
}

/** Encodes RGBA pixels to a PNG buffer. */
export function encodePng({ width, height, data }) {
  const png = new PNG({ width, height });
  png.data.set(data);
  return PNG.sync.write(png);
}

/**
 * Compares an actual shot with its baseline (PNG buffers).
 * Returns `{ match, diffPixels, share, sizeChanged, diffPng }`: `share` is the differing pixels over
 * the larger of the two images (0..1); `diffPng` is a PNG buffer when they do not match, else null.
 */
export function compareShots(baselineBuffer, actualBuffer, { threshold = PIXEL_THRESHOLD, maxDiffPixels = MAX_DIFF_PIXELS } = {}) {
  const baseline = decodePng(baselineBuffer);
  const actual = decodePng(actualBuffer);
  if (baseline.width !== actual.width || baseline.height !== actual.height) {
    const width = Math.max(baseline.width, actual.width);
    const height = Math.max(baseline.height, actual.height);
    return { match: false, diffPixels: width * height, share: 1, sizeChanged: true, diffPng: sizeDiff(baseline, actual, width, height) };
  }
  const { width, height } = baseline;
  const diff = new PNG({ width, height });
  const diffPixels = pixelmatch(baseline.data, actual.data, diff.data, width, height, { threshold, includeAA: false, alpha: 0.2 });
  const match = diffPixels <= maxDiffPixels;
  return {
    match,
    diffPixels,
    share: diffPixels / (width * height),
    sizeChanged: false,
    diffPng: match ? null : PNG.sync.write(diff),
  };
}

/** Shots of different sizes: the baseline and the actual side by side, on a red ground. */
function sizeDiff(baseline, actual, width, height) {
  const out = new PNG({ width: width * 2, height });
  for (let i = 0; i < out.data.length; i += 4) out.data.set([255, 0, 0, 255], i);
  PNG.bitblt(baseline, out, 0, 0, baseline.width, baseline.height, 0, 0);
  PNG.bitblt(actual, out, 0, 0, actual.width, actual.height, width, 0);
  return PNG.sync.write(out);
}

/**
 * Saves a failed comparison for a person to look at: `<dir>/<name>.actual.png` (the new shot),
 * `<dir>/<name>.diff.png` (the diff image) and `<dir>/<name>.baseline.png` (a copy of the baseline).
 * Returns the diff image's path.
 */
export function saveFailure(dir, name, { baselinePng, actualPng, diffPng }) {
  mkdirSync(dir, { recursive: true });
  const file = (kind) => path.join(dir, `${name}.${kind}.png`);
  if (baselinePng) writeFileSync(file('baseline'), baselinePng);
  writeFileSync(file('actual'), actualPng);
  if (diffPng) writeFileSync(file('diff'), diffPng);
  return file(diffPng ? 'diff' : 'actual');
}

/** A share (0..1) as a percentage with enough digits to tell a few pixels from none: '0.0042%'. */
export function formatShare(share) {
  if (share === 0) return '0%';
  if (share >= 0.01) return `${(share * 100).toFixed(1)}%`;
  return `${Number((share * 100).toPrecision(2))}%`;
}
