import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $lastEvent, emitEvent, type W3Event } from './events.js';

beforeEach(() => {
  $lastEvent.set(undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('emitEvent', () => {
  it('sets the latest event with type, data and timestamp', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-01-02T03:04:05Z'));
    const event = emitEvent('NETWORK_CHANGE', { caipNetworkId: 'eip155:1' });
    expect(event).toEqual({ type: 'NETWORK_CHANGE', data: { caipNetworkId: 'eip155:1' }, timestamp: Date.parse('2024-01-02T03:04:05Z') });
    expect($lastEvent.get()).toBe(event);
  });

  it('defaults data to an empty object', () => {
    expect(emitEvent('MODAL_CLOSE').data).toEqual({});
  });

  it('notifies listeners of every event, even repeated types', () => {
    const seen: W3Event[] = [];
    const stop = $lastEvent.listen((e) => {
      if (e) seen.push(e);
    });
    emitEvent('MODAL_OPEN', { view: 'Connect' });
    emitEvent('MODAL_CLOSE');
    emitEvent('MODAL_CLOSE');
    stop();
    emitEvent('ERROR');
    expect(seen.map((e) => e.type)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE', 'MODAL_CLOSE']);
  });
});
