/**
 * The frame's side of the MessagePort: every message is parsed (the envelope, then its type's
 * payload schema), a malformed envelope is dropped with a warning and no reply, at most 32
 * requests are pending at once, each handler's result is parsed by its schema before it is
 * sent, and errors become `{ message, code? }` replies (a browser's own DOMException never
 * carries its words: 'Something went wrong', ABORTED). A 401 from the auth API posts the
 * SessionExpired event and answers 'Session Expired'.
 */
import { W3Error } from '../../core/errors/base.js';
import { FRAME_ALERT_TEXT, FRAME_ERROR_TEXT } from '../constants.js';
import {
  frameRequests,
  hostLayoutSchema,
  requestEnvelopeSchema,
  type FrameErrorPayload,
  type FrameEvent,
  type FrameRequestType,
} from '../messages.js';
import { AuthApiError, SessionExpiredError } from './api-client.js';
import { ApprovalQueue } from './approval-queue.js';
import type { FrameContext, FrameDeps, FrameState } from './context.js';
import { accountHandlers } from './handlers/account.js';
import { farcasterHandlers } from './handlers/farcaster.js';
import { loginHandlers } from './handlers/login.js';
import { passkeyHandlers } from './handlers/passkeys.js';
import { deviceHandlers } from './handlers/devices.js';
import { rpcHandlers } from './handlers/rpc.js';
import { sessionHandlers } from './handlers/session.js';
import { socialHandlers } from './handlers/social.js';
import { storageHandlers } from './handlers/storage.js';
import type { Handler, Handlers } from './handlers/types.js';
import { forgetSession } from './session.js';
import { FRAME_REPLY_TEXT, reasonOf } from './texts.js';

export const MAX_PENDING_REQUESTS = 32;
const MAX_ERROR_TEXT = 1_000;

const handlers: Handlers = {
  ...loginHandlers,
  ...socialHandlers,
  ...farcasterHandlers,
  ...passkeyHandlers,
  ...sessionHandlers,
  ...rpcHandlers,
  ...accountHandlers,
  ...deviceHandlers,
  ...storageHandlers,
};

type PortLike = Pick<MessagePort, 'postMessage'> & { onmessage: ((event: MessageEvent) => void) | null };

/** The frame's own refusals by their text: NO_LOGIN for FRAME_REPLY_TEXT.noLogin, and so on. */
const REASONS = new Map<string, string>(
  [...Object.entries(FRAME_ERROR_TEXT), ...Object.entries(FRAME_REPLY_TEXT)].map(([key, text]) => [text, reasonOf(key)]),
);

/** The refusal's reason and numbers: the server's code, or the frame's own text's name. */
function refusalOf(error: unknown, message: string): Omit<FrameErrorPayload, 'message' | 'code'> {
  if (error instanceof AuthApiError) {
    const { reason, field, retryAfter, attemptsLeft } = error;
    return {
      reason,
      ...(field === undefined ? {} : { field: field.slice(0, 64) }),
      ...(retryAfter === undefined ? {} : { retryAfter }),
      ...(attemptsLeft === undefined ? {} : { attemptsLeft }),
    };
  }
  const reason = REASONS.get(message);
  return reason ? { reason } : {};
}

function errorPayload(error: unknown): FrameErrorPayload {
  if (error instanceof SessionExpiredError) return { message: FRAME_ALERT_TEXT.sessionExpired, code: 401, reason: 'SESSION_EXPIRED' };
  // A browser's own exception (IndexedDB, WebCrypto, the Storage Access API): its words stay in the console.
  if (typeof DOMException !== 'undefined' && error instanceof DOMException) {
    console.warn('w3kit frame: the browser refused', error);
    return { message: FRAME_ERROR_TEXT.aborted, reason: 'ABORTED' };
  }
  const code = typeof (error as { code?: unknown })?.code === 'number' ? (error as { code: number }).code : undefined;
  const raw =
    error instanceof W3Error
      ? error.shortMessage
      : error instanceof Error
        ? ((error as { shortMessage?: string }).shortMessage ?? error.message)
        : '';
  const message = raw ? raw.slice(0, MAX_ERROR_TEXT) : FRAME_ERROR_TEXT.noMessage;
  return { message, ...(Number.isInteger(code) ? { code } : {}), ...refusalOf(error, message) };
}

/**
 * Serves requests on `port` with `deps`; returns the context (its state and approval queue).
 * The port must come from a checked handshake (see handshake.ts).
 */
export function serveFramePort(port: PortLike, deps: FrameDeps, state: FrameState): FrameContext {
  const emit = (event: FrameEvent): void => port.postMessage(event);
  const ctx: FrameContext = { ...deps, state, emit, queue: new ApprovalQueue(deps.approvals) };
  let pending = 0;

  const reply = (
    id: string,
    type: FrameRequestType,
    outcome: { ok: true; payload: unknown } | { ok: false; error: FrameErrorPayload },
  ): void => {
    port.postMessage({ kind: 'reply', id, type, ...outcome });
  };

  const run = async (id: string, type: FrameRequestType, payload: unknown): Promise<void> => {
    try {
      const result = await (handlers[type] as Handler<typeof type>)(payload as never, ctx);
      const parsed = frameRequests[type].result.safeParse(result);
      if (!parsed.success) {
        console.error(`w3kit frame: the ${type} result failed its schema`, parsed.error);
        reply(id, type, { ok: false, error: { message: FRAME_ERROR_TEXT.aborted, reason: 'ABORTED' } });
        return;
      }
      reply(id, type, { ok: true, payload: parsed.data });
    } catch (error) {
      if (error instanceof SessionExpiredError) {
        await forgetSession(ctx).catch(() => undefined);
        emit({ kind: 'event', type: 'SessionExpired' });
      }
      reply(id, type, { ok: false, error: errorPayload(error) });
    }
  };

  port.onmessage = (event: MessageEvent) => {
    if ((event.data as { kind?: unknown } | null)?.kind === 'layout') {
      const layout = hostLayoutSchema.safeParse(event.data);
      if (layout.success) deps.hostLayout?.(layout.data);
      else console.warn('w3kit frame: dropped a malformed layout report', layout.error.issues.slice(0, 3));
      return;
    }
    const envelope = requestEnvelopeSchema.safeParse(event.data);
    if (!envelope.success) {
      console.warn('w3kit frame: dropped a malformed message', envelope.error.issues.slice(0, 3));
      return;
    }
    const { id, type } = envelope.data;
    const payload = frameRequests[type].payload.safeParse(envelope.data.payload);
    if (!payload.success) {
      const issue = payload.error.issues[0];
      const field = issue?.path.length ? issue.path.join('.') : 'payload';
      console.warn(`w3kit frame: dropped a ${type} request with a malformed payload`);
      reply(id, type, {
        ok: false,
        error: {
          message: `Invalid ${type} payload: ${field}: ${issue?.message ?? 'malformed'}`,
          code: -32602,
          reason: 'INVALID_PAYLOAD',
          field: field.slice(0, 64),
        },
      });
      return;
    }
    if (pending >= MAX_PENDING_REQUESTS) {
      reply(id, type, { ok: false, error: { message: FRAME_REPLY_TEXT.tooManyPending, code: -32005, reason: 'TOO_MANY_PENDING' } });
      return;
    }
    pending++;
    void run(id, type, payload.data).finally(() => {
      pending--;
    });
  };
  return ctx;
}
