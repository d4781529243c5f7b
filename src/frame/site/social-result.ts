/**
 * The social login popup's last page (GET /auth/v1/social/callback, on the frame origin) carries
 * `<script type="application/json" id="w3kit-social-result">{ "target": <host origin>, "result":
 * { "w3kit": "social-result", "ok": ..., "message"?: ..., "completion"?: ... } }</script>`; the frame site's
 * social-callback.js posts `result` to `window.opener` with `target` as the target origin (never
 * '*': only the page the frame's handshake pinned receives it), then closes the popup. Nothing
 * else is posted: no token, no code; `completion` is a one-time value useless without the
 * frame's own login id. Without an opener, or with anything malformed, nothing is
 * posted and the page stays, showing its own text.
 *
 * The check is by hand, not zod, to keep the callback script tiny (zod/mini and messages.ts add
 * ~28 kB); social-result.test.ts checks it agrees with `socialResultSchema`.
 */
import { SOCIAL_RESULT_MESSAGE } from '../constants.js';
import type { SocialResult } from '../messages.js';

export const SOCIAL_RESULT_ELEMENT_ID = 'w3kit-social-result';
const MAX_MESSAGE = 512;
const MAX_ORIGIN = 256;
const COMPLETION = /^[A-Za-z0-9_-]{32,128}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` as a SocialResult (exactly `socialResultSchema`'s rules), else undefined. */
export function parseSocialResult(value: unknown): SocialResult | undefined {
  if (!isObject(value) || value.w3kit !== SOCIAL_RESULT_MESSAGE || typeof value.ok !== 'boolean') return undefined;
  const { message, completion } = value;
  if (message !== undefined && (typeof message !== 'string' || message.length > MAX_MESSAGE)) return undefined;
  if (completion !== undefined && (typeof completion !== 'string' || !COMPLETION.test(completion))) return undefined;
  return {
    w3kit: SOCIAL_RESULT_MESSAGE,
    ok: value.ok,
    ...(message === undefined ? {} : { message }),
    ...(completion === undefined ? {} : { completion }),
  };
}

/** `value` when it is exactly an http(s) origin (scheme, host, optional port; nothing else). */
export function parseTargetOrigin(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_ORIGIN || !/^https?:\/\/[^/\s?#@]+$/.test(value)) return undefined;
  try {
    return new URL(value).origin === value ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The page's JSON, checked: the target origin and the result, or what was wrong with it. */
export function readSocialResult(text: string | null | undefined): { target: string; result: SocialResult } | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text ?? '');
  } catch {
    return { error: `#${SOCIAL_RESULT_ELEMENT_ID} is not JSON` };
  }
  if (!isObject(data)) return { error: `#${SOCIAL_RESULT_ELEMENT_ID} is not an object` };
  const target = parseTargetOrigin(data.target);
  if (!target) return { error: 'target is not an http(s) origin' };
  const result = parseSocialResult(data.result);
  if (!result) return { error: 'result is not a social result' };
  return { target, result };
}

/** The parts of the popup's window this needs. */
export interface CallbackWindow {
  opener: { postMessage(message: unknown, targetOrigin: string): void } | null;
  document: { getElementById(id: string): { textContent: string | null } | null };
  close(): void;
}

/** Posts the page's result to the opener at the pinned origin and closes; true when posted. */
export function deliverSocialResult(win: CallbackWindow): boolean {
  const read = readSocialResult(win.document.getElementById(SOCIAL_RESULT_ELEMENT_ID)?.textContent);
  if ('error' in read) {
    console.warn(`w3kit social callback: ${read.error}; nothing posted`);
    return false;
  }
  if (!win.opener) return false;
  win.opener.postMessage(read.result, read.target);
  win.close();
  return true;
}
