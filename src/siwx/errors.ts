import { W3Error } from '../core/errors/base.js';
import type { ErrorMessageCode } from '../core/errors/codes.js';

/**
 * A refused sign-in or a failed SIWX request: the message names what was wrong ('Invalid
 * signature', 'The session has expired', the backend's own text). `status` is the backend's HTTP
 * status when it answered with a refusal; a failure to reach it has none. The modal says each in
 * the user's words by its `messageCode`: a 429 is 'RateLimited' (its `code` the seconds to wait
 * when the backend's Retry-After is readable), no answer 'SignInUnreachable', a spent or lapsed
 * nonce 'SignInExpired', any other refusal or a malformed reply 'SignInRefused'.
 */
export class SiwxError extends W3Error {
  override name = 'SiwxError';
  readonly status: number | undefined;

  constructor(
    message: string,
    options: { status?: number; cause?: unknown; messageCode?: ErrorMessageCode; rateLimited?: { retryAfter?: number } } = {},
  ) {
    super(message, {
      category: options.status === undefined ? 'INTERNAL_SDK_ERROR' : 'API_ERROR',
      cause: options.cause,
      ...(options.rateLimited
        ? { messageCode: 'RateLimited', code: options.rateLimited.retryAfter }
        : { messageCode: options.messageCode ?? 'SignInRefused' }),
    });
    this.status = options.status;
  }
}
