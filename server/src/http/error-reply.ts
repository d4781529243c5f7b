/** The `{ status, message, field?, code? }` of a framework error, shared by the API app and the frame origin's app. */
import type { FastifyError } from 'fastify';
import { DISK_FULL_CODE, DISK_FULL_MESSAGE, DISK_FULL_STATUS, isDiskFull } from '../db/disk-full.js';

/**
 * Body errors named for the client (the app's body limit and the content types it takes, in
 * words); a full disk is 507 DISK_FULL 'The server's disk is full'; any other 4xx keeps its
 * message; everything else is 'Internal server error'.
 */
export function errorReply(
  err: FastifyError,
  bodyLimit: number,
  contentTypes: string,
): { status: number; message: string; field?: string; code?: string } {
  if (isDiskFull(err)) return { status: DISK_FULL_STATUS, message: DISK_FULL_MESSAGE, code: DISK_FULL_CODE };
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
