/** Types for visual-compare.mjs (a plain Node ESM module). */
export interface Pixels {
  width: number;
  height: number;
  data: Buffer | Uint8Array;
}
export interface Comparison {
  match: boolean;
  diffPixels: number;
  /** Differing pixels over all pixels, 0..1. */
  share: number;
  sizeChanged: boolean;
  /** A PNG when the shots do not match, else null. */
  diffPng: Buffer | null;
}
export const PIXEL_THRESHOLD: number;
export const MAX_DIFF_PIXELS: number;
export function decodePng(buffer: Buffer): Pixels;
export function encodePng(pixels: Pixels): Buffer;
export function compareShots(baseline: Buffer, actual: Buffer, options?: { threshold?: number; maxDiffPixels?: number }): Comparison;
export function saveFailure(
  dir: string,
  name: string,
  shots: { baselinePng?: Buffer | null; actualPng: Buffer; diffPng?: Buffer | null },
): string;
export function formatShare(share: number): string;
