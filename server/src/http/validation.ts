/**
 * How route schemas (zod, through fastify-type-provider-zod's types) check requests and
 * replies. Requests: the first failing issue becomes a 400 `HttpError` naming the field, as
 * `Invalid query parameter 'entries': must be an integer from 1 to 100`, `Invalid path
 * parameter 'address': ...` or `Invalid body field 'props.type': ...`; a check made with
 * `verbatim()` gives its own message whole. A body must be a JSON object. Replies: a reply is
 * sent as it is only when the schema accepts it and describes every field of it; a missing,
 * wrong or extra field is a ResponseSchemaError (a 500), so the schemas are what the API sends.
 */
import type { FastifySchemaCompiler, FastifySerializerCompiler, preValidationAsyncHookHandler } from 'fastify';
import * as z from 'zod/mini';
import { safeEncode, safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core';
import { HttpError } from '../errors.js';

const PARTS: Readonly<Record<string, string>> = {
  querystring: 'query parameter',
  params: 'path parameter',
  body: 'body field',
  headers: 'header',
};

const VERBATIM = 'w3kitVerbatim';

/** A check whose message is the whole error message (not put after `Invalid <part> '<field>': `). */
export function verbatim<T>(test: (value: T) => boolean, message: string) {
  return z.refine<T>(test, { message, params: { [VERBATIM]: true } });
}

/** The 400 for a request part's first issue. */
export function invalidRequest(part: string, issue: $ZodIssue): HttpError {
  const path = issue.path.map(String).join('.');
  const field = path || (part === 'body' ? 'body' : part);
  // The code reaches only replies that describe it (the auth API's); other apps send `{ message, field }`.
  const details = { code: 'INVALID_REQUEST' };
  if (issue.code === 'custom' && issue.params?.[VERBATIM] === true) return new HttpError(400, issue.message, field, {}, details);
  return new HttpError(400, `Invalid ${PARTS[part] ?? part} '${field}': ${issue.message}`, field, {}, details);
}

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart = 'body' }) =>
  (data) => {
    if (httpPart === 'body' && !isJsonObject(data)) return { error: new HttpError(400, 'Invalid body: must be a JSON object', 'body') };
    const result = safeParse(schema, data);
    return result.success ? { value: result.data } : { error: invalidRequest(httpPart, result.error.issues[0]!) };
  };

/** A reply that does not match its route's response schema. */
export class ResponseSchemaError extends Error {
  override name = 'ResponseSchemaError';
}

/** The first path (`data.0.name`) where `sent` has a field that `described` lacks; undefined when none. */
export function undescribedField(sent: unknown, described: unknown, path: string[] = []): string | undefined {
  if (Array.isArray(sent) && Array.isArray(described)) {
    for (let i = 0; i < sent.length; i++) {
      const found = undescribedField(sent[i], described[i], [...path, String(i)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isJsonObject(sent) || !isJsonObject(described)) return undefined;
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    if (!Object.hasOwn(described, key)) return [...path, key].join('.');
    const found = undescribedField(value, described[key], [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

export const serializerCompiler: FastifySerializerCompiler<$ZodType> =
  ({ schema, method, url, httpStatus }) =>
  (data) => {
    const where = `${method} ${url} (${httpStatus})`;
    const result = safeEncode(schema, data);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      throw new ResponseSchemaError(`Reply of ${where} does not match its schema at '${issue.path.join('.')}': ${issue.message}`);
    }
    const extra = undescribedField(data, result.data);
    if (extra !== undefined) throw new ResponseSchemaError(`Reply of ${where} has a field its schema does not describe: '${extra}'`);
    return JSON.stringify(data);
  };

/** A preValidation hook reading a text/plain body (what `navigator.sendBeacon` sends) as JSON. */
export const jsonTextBody: preValidationAsyncHookHandler = async (request) => {
  if (typeof request.body !== 'string') return;
  try {
    request.body = JSON.parse(request.body) as unknown;
  } catch {
    throw new HttpError(400, 'Invalid body: not valid JSON', 'body');
  }
};
