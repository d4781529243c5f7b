/**
 * Analytics (lazy; started by the project store when the server enables analytics): sends the
 * modal's events to POST /e. Never MODAL_CREATED; nothing while local or remote
 * `features.analytics` is false; error events at most 5 per rolling 60 s. A failed send is
 * logged, never thrown and never retried beyond the HTTP client's own attempts.
 */
import { currentPage, type PageLocation } from '../../api/page.js';
import type { ProviderApi } from '../../api/provider-api.js';
import type { AnalyticsEvent } from '../../wire/provider-api.js';
import { logger } from '../../core/logger.js';
import { $activeAccount } from '../connection/account.js';
import { $lastEvent, type W3Event } from '../app/events.js';
import { $options } from '../app/options.js';
import { $remoteFeatures } from '../app/remote-features.js';

export const ERROR_EVENTS_MAX = 5;
export const ERROR_EVENTS_WINDOW_MS = 60_000;

const MAX_STRING = 1000;
const MAX_DEPTH = 4;

export interface AnalyticsOptions {
  api: Pick<ProviderApi, 'sendEvent'>;
  /** The page's location; by default `location` at send time. */
  location?: PageLocation | undefined;
  /** Clock of the error-event limit. */
  now?: () => number;
}

/** False when the remote config, or else the page's options, set `features.analytics` to false. */
export function analyticsAllowed(): boolean {
  const remote = $remoteFeatures.get()?.analytics;
  return (remote ?? $options.get()?.features?.analytics) !== false;
}

/** A random UUID v4 (crypto.randomUUID needs a secure context; getRandomValues does not). */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Event data as JSON: functions dropped, bigints as strings, errors as name and message, bounded depth. */
function jsonSafe(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.slice(0, MAX_STRING);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Error) return { name: value.name, message: value.message.slice(0, MAX_STRING) };
  if (typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => jsonSafe(item, depth + 1) ?? null);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const safe = jsonSafe(item, depth + 1);
    if (safe !== undefined) out[key] = safe;
  }
  return out;
}

function errorProps(event: W3Event): AnalyticsEvent['props'] {
  const error = event.data['error'];
  const message = event.data['message'];
  const text = typeof message === 'string' && message ? message : error instanceof Error ? error.message : 'Unknown error';
  const stack = error instanceof Error && error.stack ? error.stack.slice(0, 4 * MAX_STRING) : undefined;
  return { type: 'error', event: event.type, message: text.slice(0, MAX_STRING), ...(stack ? { stack } : {}) };
}

/** The POST /e body for one modal event. */
export function toAnalyticsEvent(event: W3Event, page: PageLocation | undefined, address: string | undefined): AnalyticsEvent {
  const props: AnalyticsEvent['props'] =
    event.type === 'ERROR'
      ? errorProps(event)
      : {
          type: 'track',
          event: event.type,
          ...(address ? { address } : {}),
          properties: jsonSafe(event.data) as Record<string, unknown>,
        };
  return {
    eventId: uuid(),
    url: (page?.href ?? '').slice(0, 2048),
    domain: (page?.host ?? '').slice(0, 255),
    timestamp: event.timestamp,
    props,
  };
}

/** Sends every later event of $lastEvent; returns the function that stops it. */
export function startAnalytics(options: AnalyticsOptions): () => void {
  const now = options.now ?? Date.now;
  const errorTimes: number[] = [];
  const underErrorLimit = (): boolean => {
    const time = now();
    while (errorTimes.length > 0 && errorTimes[0]! <= time - ERROR_EVENTS_WINDOW_MS) errorTimes.shift();
    if (errorTimes.length >= ERROR_EVENTS_MAX) return false;
    errorTimes.push(time);
    return true;
  };
  return $lastEvent.listen((event) => {
    if (!event || event.type === 'MODAL_CREATED' || !analyticsAllowed()) return;
    if (event.type === 'ERROR' && !underErrorLimit()) {
      logger.debug('Analytics: error event dropped (at most 5 per 60 s)');
      return;
    }
    const page = 'location' in options ? options.location : currentPage();
    const body = toAnalyticsEvent(event, page, $activeAccount.get().address);
    options.api.sendEvent(body).catch((err: unknown) => logger.warn(`Analytics: the ${event.type} event was not sent`, err));
  });
}
