/**
 * Errors of the backend. Domain functions (projects, wallets, config) throw `InputError` naming
 * the field that is wrong, or `NotFoundError`; the HTTP layer turns them, and its own
 * `HttpError`s, into `{ message, field? }` replies; the CLI prints them.
 */

/** Bad input: `field` names what is wrong (`id`, `allowedOrigins`, `features.email`, ...). */
export class InputError extends Error {
  override name = 'InputError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A named thing (project, wallet) does not exist. */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/** Machine-readable parts of a reply beside `message` (the auth API's `code`, `retryAfter`, `attemptsLeft`). */
export interface ReplyDetails {
  code?: string;
  retryAfter?: number;
  attemptsLeft?: number;
}

/** An error that maps to one HTTP reply: status, `{ message, field?, ...details }` and extra headers. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    readonly details: ReplyDetails = {},
  ) {
    super(message);
  }

  /** The reply's body: `{ message, field? }` and the details given. */
  body(): { message: string; field?: string } & ReplyDetails {
    return { message: this.message, ...(this.field === undefined ? {} : { field: this.field }), ...this.details };
  }
}
