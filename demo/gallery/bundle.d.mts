/** Types for bundle.mjs (a plain Node ESM module). */

/** dist/demo/gallery/ */
export const GALLERY_OUT: string;

/** Bundles demo/gallery/main.ts (and its lazy chunks) into dist/demo/gallery/. */
export function bundleGallery(): Promise<void>;
