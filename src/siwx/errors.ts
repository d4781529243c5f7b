import { W3Error } from '../core/errors/base.js';

/**
 * A refused sign-in or a failed SIWX request: the message names what was wrong ('Invalid
 * signature', 'The session has expired', the backend's own text). `status` is the backend's HTTP
 * status when it answered with a refusal; a failure to reach it has none. A refusal the modal
 * says in the user's words has a `messageCode` (a 429 is 'RateLimited', its `code` the seconds
 * to wait when the backend's Retry-After is readable).
 */
export class SiwxError extends W3Error {
  override name = 'SiwxError';
  readonly status: number | undefined;

  constructor(message: string, options: { status?: number; cause?: unknown; rateLimited?: { retryAfter?: number } } = {}) {
    super(message, {
      category: options.status === undefined ? 'INTERNAL_SDK_ERROR' : 'API_ERROR',
      cause: options.cause,
      ...(options.rateLimited ? { messageCode: 'RateLimited', code: options.rateLimited.retryAfter } : {}),
    });
    this.status = options.status;
  }
}
