/** Types for chromium.mjs. */
export const CHROMIUM_ARGS: string[];
