import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $lastEvent, type W3Event } from '../app/events.js';
import { $modal, closeModal, markViewShown, onModalClose, openModalOn, setCloseBlocked, setLoading, shakeModal } from './modal.js';
import { $router, pushView, resetRouter } from './router.js';
import { recordEvents } from '../../test-utils/events.js';

let events: W3Event[];
let stopEvents: () => void;

beforeEach(() => {
  $modal.set({ open: false, loading: {}, shake: false, closeBlocked: false, shownView: undefined });
  resetRouter();
  ({ events, stop: stopEvents } = recordEvents());
});

afterEach(() => {
  stopEvents();
  vi.useRealTimers();
});

describe('openModalOn', () => {
  it('opens on the view with a fresh history and emits MODAL_OPEN', () => {
    pushView('AllWallets');
    openModalOn('Networks', { network: 'eip155:1' });
    expect($modal.get().open).toBe(true);
    expect($router.get()).toEqual({ view: 'Networks', history: ['Networks'], data: { network: 'eip155:1' } });
    expect(events.map((e) => e.type)).toEqual(['MODAL_OPEN']);
    expect(events[0]?.data).toEqual({ view: 'Networks' });
    expect(typeof events[0]?.timestamp).toBe('number');
  });

  it('while open, changes the view but does not emit MODAL_OPEN again', () => {
    openModalOn('Connect');
    openModalOn('Account');
    expect($router.get().view).toBe('Account');
    expect($modal.get().open).toBe(true);
    expect(events.filter((e) => e.type === 'MODAL_OPEN')).toHaveLength(1);
  });
});

describe('closeModal', () => {
  it('closes, resets the view to Connect, clears shownView and emits MODAL_CLOSE', () => {
    openModalOn('Account');
    pushView('Networks');
    markViewShown('Networks');
    expect(closeModal()).toBe(true);
    expect($modal.get().open).toBe(false);
    expect($modal.get().shownView).toBeUndefined();
    expect($router.get()).toEqual({ view: 'Connect', history: ['Connect'], data: undefined });
    expect(events.map((e) => e.type)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE']);
  });

  it('does nothing (and emits nothing) when already closed', () => {
    pushView('AllWallets');
    expect(closeModal()).toBe(true);
    expect(events).toEqual([]);
    expect($router.get().view).toBe('AllWallets');
  });

  it('when closing is blocked, shakes and stays open', () => {
    vi.useFakeTimers();
    openModalOn('SIWXSignMessage');
    setCloseBlocked(true);
    expect(closeModal()).toBe(false);
    expect($modal.get().open).toBe(true);
    expect($modal.get().shake).toBe(true);
    expect($router.get().view).toBe('SIWXSignMessage');
    expect(events.map((e) => e.type)).toEqual(['MODAL_OPEN']);
    vi.advanceTimersByTime(500);
    expect($modal.get().shake).toBe(false);
    expect($modal.get().open).toBe(true);
  });

  it('closes again once unblocked', () => {
    vi.useFakeTimers();
    openModalOn('Connect');
    setCloseBlocked(true);
    expect(closeModal()).toBe(false);
    setCloseBlocked(false);
    expect($modal.get().closeBlocked).toBe(false);
    expect(closeModal()).toBe(true);
    expect($modal.get().open).toBe(false);
  });

  it('keeps the loading flags and closeBlocked setting', () => {
    openModalOn('Connect');
    setLoading('eip155', true);
    closeModal();
    expect($modal.get().loading).toEqual({ eip155: true });
  });
});

describe('onModalClose', () => {
  it('fires once per close until removed', () => {
    const listener = vi.fn();
    const remove = onModalClose(listener);
    openModalOn('Connect');
    closeModal();
    expect(listener).toHaveBeenCalledTimes(1);
    closeModal(); // already closed: no close happens
    expect(listener).toHaveBeenCalledTimes(1);
    openModalOn('Account');
    closeModal();
    expect(listener).toHaveBeenCalledTimes(2);
    remove();
    openModalOn('Connect');
    closeModal();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('does not fire when the close is refused', () => {
    vi.useFakeTimers();
    const listener = vi.fn();
    const remove = onModalClose(listener);
    openModalOn('Connect');
    setCloseBlocked(true);
    closeModal();
    expect(listener).not.toHaveBeenCalled();
    remove();
  });

  it('fires before MODAL_CLOSE with the modal already closed', () => {
    let seen: { open: boolean; lastEvent: string | undefined } | undefined;
    const remove = onModalClose(() => {
      seen = { open: $modal.get().open, lastEvent: $lastEvent.get()?.type };
    });
    openModalOn('Connect');
    closeModal();
    remove();
    expect(seen).toEqual({ open: false, lastEvent: 'MODAL_OPEN' });
  });

  it('lets a listener remove itself while firing', () => {
    const other = vi.fn();
    const removeSelf: { fn?: () => void } = {};
    const self = vi.fn(() => removeSelf.fn?.());
    removeSelf.fn = onModalClose(self);
    const removeOther = onModalClose(other);
    openModalOn('Connect');
    closeModal();
    openModalOn('Connect');
    closeModal();
    removeOther();
    expect(self).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(2);
  });
});

describe('shakeModal', () => {
  it('shakes for exactly 500 ms', () => {
    vi.useFakeTimers();
    shakeModal();
    expect($modal.get().shake).toBe(true);
    vi.advanceTimersByTime(499);
    expect($modal.get().shake).toBe(true);
    vi.advanceTimersByTime(1);
    expect($modal.get().shake).toBe(false);
  });

  it('restarts the 500 ms when shaken again', () => {
    vi.useFakeTimers();
    shakeModal();
    vi.advanceTimersByTime(300);
    shakeModal();
    vi.advanceTimersByTime(300);
    expect($modal.get().shake).toBe(true);
    vi.advanceTimersByTime(199);
    expect($modal.get().shake).toBe(true);
    vi.advanceTimersByTime(1);
    expect($modal.get().shake).toBe(false);
  });
});

describe('setLoading', () => {
  it('tracks loading per namespace', () => {
    setLoading('eip155', true);
    expect($modal.get().loading).toEqual({ eip155: true });
    setLoading('solana', true);
    expect($modal.get().loading).toEqual({ eip155: true, solana: true });
    setLoading('eip155', false);
    expect($modal.get().loading).toEqual({ eip155: false, solana: true });
  });

  it('replaces the loading object (so listeners see a new value)', () => {
    const before = $modal.get().loading;
    setLoading('bip122', true);
    expect($modal.get().loading).not.toBe(before);
    expect(before).toEqual({});
  });
});

describe('markViewShown', () => {
  it('records the shown view', () => {
    markViewShown('Account');
    expect($modal.get().shownView).toBe('Account');
    markViewShown(undefined);
    expect($modal.get().shownView).toBeUndefined();
  });
});
