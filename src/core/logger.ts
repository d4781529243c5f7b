/**
 * A small logger: records at or above the level go to the console and into an in-memory
 * buffer of at most LOG_BUFFER_BYTES (UTF-8 of each serialized record; the oldest records are
 * dropped first), which `getLogs()` returns for bug reports. SSR-safe: touches only `console`.
 */
import { DEFAULT_LOG_LEVEL, LOG_BUFFER_BYTES } from './constants.js';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
type RecordLevel = Exclude<LogLevel, 'silent'>;

export interface LogRecord {
  level: RecordLevel;
  /** Milliseconds since the epoch. */
  time: number;
  message: string;
  /** The extra value passed with the message, made JSON-safe (errors keep name, message and stack). */
  data?: unknown;
}

const RANK: Record<LogLevel, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, silent: Infinity };
const CONSOLE: Record<RecordLevel, 'debug' | 'info' | 'warn' | 'error'> = {
  trace: 'debug',
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  error: 'error',
};

let level: LogLevel = DEFAULT_LOG_LEVEL;
/** Serialized records, oldest first, with their UTF-8 sizes. */
let buffer: { line: string; bytes: number }[] = [];
let bufferBytes = 0;

/** UTF-8 length of a string without encoding it (lone surrogates count as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

function serialize(record: LogRecord): string {
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(record, (_key, value: unknown) => {
      if (typeof value === 'bigint') return value.toString();
      if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
      if (typeof value === 'object' && value !== null) {
        if (seen.has(value)) return '[Circular]';
        seen.add(value);
      }
      return value;
    });
  } catch {
    return JSON.stringify({ ...record, data: String(record.data) });
  }
}

function write(recordLevel: RecordLevel, message: string, data?: unknown): void {
  if (RANK[recordLevel] < RANK[level]) return;
  const record: LogRecord = { level: recordLevel, time: Date.now(), message };
  if (data !== undefined) record.data = data;
  const args: unknown[] = [`[w3kit] ${message}`];
  if (data !== undefined) args.push(data);
  console[CONSOLE[recordLevel]](...args);
  const line = serialize(record);
  const bytes = utf8Length(line);
  // A record larger than the whole buffer is only printed.
  if (bytes > LOG_BUFFER_BYTES) return;
  buffer.push({ line, bytes });
  bufferBytes += bytes;
  let drop = 0;
  while (bufferBytes > LOG_BUFFER_BYTES) bufferBytes -= buffer[drop++]!.bytes;
  if (drop > 0) buffer = buffer.slice(drop);
}

export const logger = {
  trace: (message: string, data?: unknown): void => write('trace', message, data),
  debug: (message: string, data?: unknown): void => write('debug', message, data),
  info: (message: string, data?: unknown): void => write('info', message, data),
  warn: (message: string, data?: unknown): void => write('warn', message, data),
  error: (message: string, data?: unknown): void => write('error', message, data),
};

/** The buffered records, oldest first. */
export function getLogs(): LogRecord[] {
  return buffer.map(({ line }) => JSON.parse(line) as LogRecord);
}

/** Total UTF-8 bytes of the buffered records (never above LOG_BUFFER_BYTES). */
export function getLogsSize(): number {
  return bufferBytes;
}

export function clearLogs(): void {
  buffer = [];
  bufferBytes = 0;
}

export function getLogLevel(): LogLevel {
  return level;
}

/** Sets the lowest level recorded; 'silent' records nothing. */
export function setLogLevel(next: LogLevel): void {
  if (!(LOG_LEVELS as readonly string[]).includes(next)) throw new TypeError(`Unknown log level "${String(next)}"`);
  level = next;
}
