/** The `{ status, message, field? }` of a framework error, shared by the API app and the frame origin's app. */
import type { FastifyError } from 'fastify';

/**
 * Body errors named for the client (the app's body limit and the content types it takes, in
 * words); any other 4xx keeps its message; everything else is 'Internal server error'.
 */
export function errorReply(
  err: FastifyError,
  bodyLimit: number,
  contentTypes: string,
): { status: number; message: string; field?: string } {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: 'Invalid body: not valid JSON', field: 'body' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'Invalid body: empty', field: 'body' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: `Body too large: at most ${bodyLimit} bytes`, field: 'body' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: `Unsupported content type: send ${contentTypes}`, field: 'body' };
  }
  const status = err.statusCode ?? 500;
  return status >= 400 && status < 500 ? { status, message: err.message } : { status: 500, message: 'Internal server error' };
}
