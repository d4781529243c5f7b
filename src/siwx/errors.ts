import { W3Error } from '../core/errors/base.js';

/**
 * A refused sign-in or a failed SIWX request: the message names what was wrong ('Invalid
 * signature', 'The session has expired', the backend's own text). `status` is the backend's HTTP
 * status when it answered with a refusal; a failure to reach it has none.
 */
export class SiwxError extends W3Error {
  override name = 'SiwxError';
  readonly status: number | undefined;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { category: options.status === undefined ? 'INTERNAL_SDK_ERROR' : 'API_ERROR', cause: options.cause });
    this.status = options.status;
  }
}
