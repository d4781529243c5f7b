/**
 * The host side of the secure frame (lazy chunk): creates the hidden cross-origin iframe, does the
 * handshake with both ends pinned (the frame-ready message is accepted only from the iframe's own
 * window and origin; the hello is posted to that origin only, never '*'), then moves all traffic
 * to a MessageChannel. Requests are parsed before they leave; replies and events are parsed when
 * they arrive, and malformed ones are dropped and logged, never thrown into the page.
 *
 * Imports only core and the frame's shared files; the stores publish the iframe, show the alerts
 * and handle the events through the callbacks.
 */
import { logger } from '../../core/logger.js';
import { EmbeddedWalletError } from '../../core/errors/frame.js';
import { refusalOf } from './refusals.js';
import {
  FRAME_ALERT_TEXT,
  FRAME_ERROR_TEXT,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  FRAME_REQUEST_TIMEOUT_MS,
  FRAME_SDK_VERSION,
  rpcMethodClass,
  type FrameTimeoutKind,
} from '../constants.js';
import {
  frameReadySchema,
  frameRequests,
  frameToHostSchema,
  HANDSHAKE_HELLO,
  hostLayoutSchema,
  type FrameEvent,
  type FramePayload,
  type FrameRequestType,
  type FrameResult,
  type HostLayoutMessage,
} from '../messages.js';
import { PendingRequests } from './pending.js';

export interface FrameBridgeOptions {
  /** The frame site's URL (its origin is the one pinned). */
  secureSiteUrl: string;
  projectId: string;
  /** Called when the frame did not load in time or a request got no answer in time (spec 8). */
  onTimeout: (kind: FrameTimeoutKind) => void;
  /** The frame's events (session expired, visibility, height), parsed. */
  onEvent?: (event: FrameEvent) => void;
  /** Tests only: shorter timeouts and a smaller pending cap. */
  limits?: { loadMs?: number; requestMs?: number; readyDelayMs?: number; maxPending?: number };
}

export interface FrameRequestOptions {
  /** Overrides the request timeout; `null`: none (requests that wait on the user). */
  timeoutMs?: number | null;
}

export interface FrameBridge {
  readonly iframe: HTMLIFrameElement;
  /** The pinned origin of the frame site. */
  readonly origin: string;
  /** Resolves on the frame's ack; rejects when the frame did not load in time. */
  readonly ready: Promise<void>;
  /** Resolves 500 ms after ready (spec 4). */
  readonly initialized: Promise<void>;
  request<T extends FrameRequestType>(type: T, payload: FramePayload<T>, options?: FrameRequestOptions): Promise<FrameResult<T>>;
  /** Rejects the pending requests (only the unsafe RPC ones with `rpcOnly`). */
  abort(rpcOnly?: boolean): void;
  /** Tells the frame where its element is (no reply; dropped before the handshake or when malformed). */
  report(layout: HostLayoutMessage): void;
  /** Removes the iframe and rejects everything pending; later requests reject with 'W3mFrame: iframe is not set'. */
  destroy(): void;
}

/** The most requests waiting for a reply at once. */
export const MAX_PENDING_REQUESTS = 64;

/** The frame site's URL for a project: its path, `?projectId=`. */
export function frameUrl(secureSiteUrl: string, projectId: string): URL {
  const url = new URL(secureSiteUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`secureSiteUrl must be http(s): ${secureSiteUrl}`);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  url.searchParams.set('projectId', projectId);
  return url;
}

export function createFrameBridge(options: FrameBridgeOptions): FrameBridge {
  const url = frameUrl(options.secureSiteUrl, options.projectId);
  const origin = url.origin;
  const limits = options.limits ?? {};
  const requestMs = limits.requestMs ?? FRAME_REQUEST_TIMEOUT_MS;
  const iframe = document.createElement('iframe');
  iframe.src = url.href;
  iframe.title = 'Embedded wallet';
  // WebAuthn in the frame (passkeys: create on the frame's own button, get for passkey login).
  iframe.setAttribute('allow', 'clipboard-write; publickey-credentials-create; publickey-credentials-get');
  iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups');
  iframe.setAttribute('referrerpolicy', 'strict-origin');

  const pending = new PendingRequests(limits.maxPending ?? MAX_PENDING_REQUESTS);
  let port: MessagePort | undefined;
  let destroyed = false;
  let settled = false;
  let resolveReady!: () => void;
  let rejectReady!: (err: unknown) => void;
  const ready = new Promise<void>((res, rej) => {
    resolveReady = res;
    rejectReady = rej;
  });
  // A request made before the frame loaded waits on `ready`; nobody else may be listening.
  ready.catch(() => undefined);
  const initialized = ready.then(() => new Promise<void>((res) => setTimeout(res, limits.readyDelayMs ?? FRAME_READY_DELAY_MS)));
  initialized.catch(() => undefined);

  const drop = (reason: string, data?: unknown): void => logger.warn(`Dropped a frame message: ${reason}`, data);

  function onPortMessage(event: MessageEvent): void {
    const parsed = frameToHostSchema.safeParse(event.data);
    if (!parsed.success) return drop('malformed', parsed.error.issues.slice(0, 3));
    const message = parsed.data;
    if (message.kind === 'ack') {
      if (!settled) {
        settled = true;
        clearTimeout(loadTimer);
        resolveReady();
      }
      return;
    }
    if (message.kind === 'event') return options.onEvent?.(message);
    const entry = pending.get(message.id);
    if (!entry || entry.type !== message.type) return drop('a reply to no pending request', { id: message.id, type: message.type });
    if (!message.ok) {
      const { message: text, code } = message.error;
      pending.settle(message.id);
      // The user's words come from the reply's reason (./refusals.ts); the message stays for developers.
      const refusal = text ? refusalOf(message.type, message.error) : { messageCode: 'UnknownError' as const };
      return entry.reject(
        new EmbeddedWalletError(text || FRAME_ERROR_TEXT.noMessage, {
          code: refusal?.count ?? code,
          messageCode: refusal?.messageCode,
        }),
      );
    }
    const result = frameRequests[message.type].result.safeParse(message.payload);
    if (!result.success) return drop(`a malformed ${message.type} reply`, result.error.issues.slice(0, 3));
    pending.settle(message.id);
    entry.resolve(result.data);
  }

  function onWindowMessage(event: MessageEvent): void {
    // Only the frame's own window, from the pinned origin, with a well-formed ready message.
    if (destroyed || event.source !== iframe.contentWindow || event.origin !== origin) return;
    if (!frameReadySchema.safeParse(event.data).success) return drop('malformed handshake', undefined);
    const channel = new MessageChannel();
    port?.close();
    port = channel.port1;
    port.onmessage = onPortMessage;
    iframe.contentWindow?.postMessage({ w3kit: HANDSHAKE_HELLO, version: FRAME_SDK_VERSION }, origin, [channel.port2]);
  }
  window.addEventListener('message', onWindowMessage);

  const loadMs = limits.loadMs ?? FRAME_LOAD_TIMEOUT_MS;
  let loadTimer: ReturnType<typeof setTimeout>;
  const armLoadTimer = (): void => {
    loadTimer = setTimeout(() => {
      if (settled || destroyed) return;
      // Not in the page yet (the modal has not mounted it): nothing loaded, nothing failed.
      if (!iframe.isConnected) return armLoadTimer();
      settled = true;
      rejectReady(new EmbeddedWalletError(FRAME_ALERT_TEXT.loadFailed, { messageCode: 'FrameLoadFailed' }));
      options.onTimeout('iframe_load_failed');
      pending.abortAll(false);
    }, loadMs);
  };
  armLoadTimer();

  function noIframe(): EmbeddedWalletError {
    return new EmbeddedWalletError(FRAME_ERROR_TEXT.noIframe, { messageCode: 'FrameNoIframe' });
  }

  function send(id: string, type: FrameRequestType, payload: unknown, unsafeRpc: boolean, timeoutMs: number | null | undefined): void {
    const entry = pending.get(id);
    if (!entry) return; // aborted while the frame loaded
    if (destroyed || !port) {
      pending.settle(id);
      return entry.reject(noIframe());
    }
    const ms = timeoutMs === undefined ? (unsafeRpc ? null : requestMs) : timeoutMs;
    if (ms !== null)
      pending.setTimer(
        id,
        setTimeout(() => {
          if (!pending.get(id)) return;
          options.onTimeout('iframe_request_timeout');
          pending.abortAll(false);
        }, ms),
      );
    port.postMessage({ kind: 'request', id, type, payload });
  }

  function request<T extends FrameRequestType>(
    type: T,
    payload: FramePayload<T>,
    requestOptions: FrameRequestOptions = {},
  ): Promise<FrameResult<T>> {
    if (destroyed) return Promise.reject(noIframe());
    const parsed = frameRequests[type].payload.safeParse(payload);
    if (!parsed.success)
      return Promise.reject(
        new EmbeddedWalletError(`Invalid ${type} request`, { messageCode: 'InvalidInput', details: parsed.error.issues[0]?.message }),
      );
    const unsafeRpc = type === 'RpcRequest' && rpcMethodClass((payload as FramePayload<'RpcRequest'>).method) === 'unsafe';
    let added: { id: string; promise: Promise<unknown> };
    try {
      added = pending.add(type, unsafeRpc);
    } catch (err) {
      return Promise.reject(err);
    }
    const { id, promise } = added;
    // A load failure or destroy() has already rejected the pending request by then.
    ready.then(
      () => send(id, type, parsed.data, unsafeRpc, requestOptions.timeoutMs),
      () => pending.settle(id),
    );
    return promise as Promise<FrameResult<T>>;
  }

  return {
    iframe,
    origin,
    ready,
    initialized,
    request,
    abort: (rpcOnly = false) => pending.abortAll(rpcOnly),
    report(layout) {
      const parsed = hostLayoutSchema.safeParse(layout);
      if (!parsed.success) return drop('a malformed layout report', parsed.error.issues.slice(0, 3));
      if (!destroyed && settled) port?.postMessage(parsed.data);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(loadTimer);
      window.removeEventListener('message', onWindowMessage);
      port?.close();
      pending.abortAll(false);
      if (!settled) rejectReady(noIframe());
      iframe.remove();
    },
  };
}
