/** Types for visual-server.mjs (a plain Node ESM module). */
export function startGalleryServer(): Promise<{ url: string; close(): Promise<void> }>;
