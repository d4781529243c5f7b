import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOG_BUFFER_BYTES } from './constants.js';
import { clearLogs, getLogLevel, getLogs, getLogsSize, logger, setLogLevel, utf8Length } from './logger.js';

beforeEach(() => {
  clearLogs();
  setLogLevel('error');
  for (const method of ['debug', 'info', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  clearLogs();
  setLogLevel('error');
});

describe('logger', () => {
  it("defaults to level 'error'", async () => {
    vi.resetModules();
    const fresh = await import('./logger.js');
    expect(fresh.getLogLevel()).toBe('error');
    expect(getLogLevel()).toBe('error');
  });

  it('records only at or above the level, in the buffer and on the console', () => {
    logger.warn('not recorded');
    logger.error('recorded', { code: 1 });
    expect(getLogs()).toMatchObject([{ level: 'error', message: 'recorded', data: { code: 1 } }]);
    expect(console.warn).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith('[w3kit] recorded', { code: 1 });
  });

  it('trace records everything; trace and debug print through console.debug', () => {
    setLogLevel('trace');
    logger.trace('t');
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(getLogs().map((r) => r.level)).toEqual(['trace', 'debug', 'info', 'warn', 'error']);
    expect(console.debug).toHaveBeenCalledTimes(2);
    expect(console.info).toHaveBeenCalledWith('[w3kit] i');
    expect(console.warn).toHaveBeenCalledWith('[w3kit] w');
  });

  it('silent records nothing', () => {
    setLogLevel('silent');
    logger.error('nothing');
    expect(getLogs()).toEqual([]);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('refuses an unknown level', () => {
    expect(() => setLogLevel('loud' as never)).toThrow('Unknown log level "loud"');
    expect(getLogLevel()).toBe('error');
  });

  it('keeps errors, bigints and cycles readable', () => {
    const cyclic: Record<string, unknown> = { n: 1n };
    cyclic['self'] = cyclic;
    logger.error('boom', new TypeError('bad'));
    logger.error('cycle', cyclic);
    const [boom, cycle] = getLogs();
    expect(boom!.data).toMatchObject({ name: 'TypeError', message: 'bad' });
    expect(cycle!.data).toEqual({ n: '1', self: '[Circular]' });
  });

  it('caps the buffer at LOG_BUFFER_BYTES of UTF-8, dropping the oldest first', () => {
    const chunk = 'é'.repeat(10_000); // 20,000 bytes in UTF-8, 10,000 UTF-16 units
    for (let i = 0; i < 60; i++) logger.error(`record ${i}`, chunk);
    const logs = getLogs();
    const size = logs.reduce((sum, record) => sum + new TextEncoder().encode(JSON.stringify(record)).length, 0);
    expect(size).toBe(getLogsSize());
    expect(size).toBeLessThanOrEqual(LOG_BUFFER_BYTES);
    // 60 records of ~20 KB are ~1.2 MB: the first ones were dropped, the newest kept in order.
    expect(logs.length).toBeLessThan(60);
    expect(size + 20_100).toBeGreaterThan(LOG_BUFFER_BYTES);
    expect(logs.at(-1)!.message).toBe('record 59');
    const first = Number(logs[0]!.message.split(' ')[1]);
    expect(logs.map((r) => r.message)).toEqual(Array.from({ length: 60 - first }, (_, i) => `record ${first + i}`));
  });

  it('prints but does not buffer a record larger than the whole buffer', () => {
    logger.error('small');
    logger.error('huge', 'x'.repeat(LOG_BUFFER_BYTES));
    expect(getLogs().map((r) => r.message)).toEqual(['small']);
    expect(console.error).toHaveBeenCalledTimes(2);
  });

  it('clearLogs empties the buffer', () => {
    logger.error('a');
    clearLogs();
    expect(getLogs()).toEqual([]);
    expect(getLogsSize()).toBe(0);
  });

  it('measures UTF-8 like TextEncoder', () => {
    for (const text of ['', 'abc', 'é', '€', '😀', 'a😀é€\u{10ffff}', '\ud800x']) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
});
