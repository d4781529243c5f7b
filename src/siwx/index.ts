/**
 * `w3kit/siwx`: the ready-made Sign in with X implementations for the modal's `siwx` option (a
 * lazy entry: the modal does not load it; for script-tag pages `siwx.js` beside `w3kit.js`).
 */
export { createBrowserSiwx, type BrowserSiwxOptions } from './browser.js';
export { createServerSiwx, type ServerSiwxOptions } from './server.js';
export { buildSiwxMessage, type BuildMessageOptions } from './message.js';
export { SiwxError } from './errors.js';
export type { SiwxStorage } from './storage.js';
/** The `siwx` option's types (CAIP-122 sign-in). */
export type * from '../core/siwx.js';
