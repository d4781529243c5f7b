/**
 * Failures Fastify and Node's HTTP parser answer before any route or hook runs, given in the
 * API's one error shape `{ message, field? }` like every other error: request line and headers
 * over Node's limit (431, the URL counts in it), a malformed request (400), a path that is not
 * valid percent-encoding (400) and a path parameter over the router's length limit (414). No
 * reply repeats the URL or any other part of the request.
 */
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** The router's limit on one path parameter (Fastify's `maxParamLength`). */
export const MAX_PARAM_LENGTH = 500;

/** Node's `clientError`: the request could not be parsed, so the reply is written to the socket. */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, `Request too large: the URL and headers together must be at most ${maxHeaderSize} bytes`]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timeout: the request was not received in time']
        : [400, 'Bad request: not a valid HTTP request'];
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Fastify's `frameworkErrors`: the router could not take the URL apart. */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ message: `URL too long: a path segment must be at most ${MAX_PARAM_LENGTH} characters`, field: 'url' });
  } else if (err.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ message: 'Invalid URL: the path is not valid percent-encoding', field: 'url' });
  } else {
    void reply.code(500).send({ message: 'Internal server error' });
  }
}
