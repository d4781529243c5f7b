import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_VISIBLE_MS } from '../core/constants.js';
import { $toast, hideToast, showError, showLoading, showSuccess, showToast, TOAST_ACTION_VISIBLE_MS } from './toast.js';

beforeEach(() => {
  vi.useFakeTimers();
  hideToast();
  $toast.set({ open: false, message: '', variant: 'success' });
});

afterEach(() => {
  hideToast();
  vi.useRealTimers();
});

describe('toast', () => {
  it.each(['loading', 'success', 'error'] as const)('shows a %s toast at once when none is open', (variant) => {
    showToast('Hello', variant);
    expect($toast.get()).toEqual({ open: true, message: 'Hello', variant });
  });

  it('has shortcuts per variant', () => {
    showSuccess('Copied');
    expect($toast.get()).toEqual({ open: true, message: 'Copied', variant: 'success' });
    hideToast();
    showError('Failed');
    expect($toast.get()).toEqual({ open: true, message: 'Failed', variant: 'error' });
    hideToast();
    showLoading('Waiting');
    expect($toast.get()).toEqual({ open: true, message: 'Waiting', variant: 'loading' });
  });

  it('closes an open toast and shows the new one only after 150 ms', () => {
    showSuccess('First');
    vi.advanceTimersByTime(100);
    showError('Second');
    expect($toast.get().open).toBe(false);
    vi.advanceTimersByTime(149);
    expect($toast.get().open).toBe(false);
    vi.advanceTimersByTime(1);
    expect($toast.get()).toEqual({ open: true, message: 'Second', variant: 'error' });
  });

  it('replaces a loading toast the same way', () => {
    showLoading('Signing');
    showSuccess('Signed');
    expect($toast.get().open).toBe(false);
    vi.advanceTimersByTime(149);
    expect($toast.get().open).toBe(false);
    vi.advanceTimersByTime(1);
    expect($toast.get()).toEqual({ open: true, message: 'Signed', variant: 'success' });
  });

  it('shows only the latest of several quick messages, 150 ms after the last one', () => {
    showSuccess('One');
    showSuccess('Two');
    vi.advanceTimersByTime(50);
    showError('Three');
    vi.advanceTimersByTime(149);
    expect($toast.get().open).toBe(false);
    vi.advanceTimersByTime(1);
    expect($toast.get()).toEqual({ open: true, message: 'Three', variant: 'error' });
    vi.advanceTimersByTime(1000);
    expect($toast.get().message).toBe('Three');
  });

  it('shows at once again after the previous toast hid by itself', () => {
    showSuccess('First');
    showSuccess('Second');
    vi.advanceTimersByTime(150 + 2500);
    expect($toast.get().open).toBe(false);
    showError('Third');
    expect($toast.get()).toEqual({ open: true, message: 'Third', variant: 'error' });
  });

  it.each(['success', 'error'] as const)('hides a %s toast by itself', (variant) => {
    showToast('Bye', variant);
    vi.advanceTimersByTime(2499);
    expect($toast.get().open).toBe(true);
    vi.advanceTimersByTime(1);
    expect($toast.get().open).toBe(false);
    expect($toast.get().message).toBe('Bye');
  });

  it('keeps a loading toast open', () => {
    showLoading('Loading');
    vi.advanceTimersByTime(60_000);
    expect($toast.get()).toEqual({ open: true, message: 'Loading', variant: 'loading' });
  });

  it('the old toast hide timer does not close the new toast early', () => {
    showSuccess('First');
    vi.advanceTimersByTime(2000);
    showSuccess('Second');
    vi.advanceTimersByTime(150);
    expect($toast.get()).toEqual({ open: true, message: 'Second', variant: 'success' });
    vi.advanceTimersByTime(2499);
    expect($toast.get().open).toBe(true);
    vi.advanceTimersByTime(1);
    expect($toast.get().open).toBe(false);
  });

  it('a loading toast replacing another one stays', () => {
    showSuccess('Done');
    showLoading('Again');
    vi.advanceTimersByTime(150);
    expect($toast.get()).toEqual({ open: true, message: 'Again', variant: 'loading' });
    vi.advanceTimersByTime(10_000);
    expect($toast.get().open).toBe(true);
  });

  it('hideToast closes at once and cancels a pending swap', () => {
    showSuccess('First');
    showError('Second');
    hideToast();
    vi.advanceTimersByTime(1000);
    expect($toast.get().open).toBe(false);
  });

  it('hideToast closes a loading toast', () => {
    showLoading('Loading');
    hideToast();
    expect($toast.get().open).toBe(false);
  });

  it('a toast with an action carries it and stays long enough to reach it; the next toast drops it', () => {
    const action = { label: 'View on Etherscan', href: 'https://etherscan.io/tx/0x1' };
    showToast('Transaction confirmed', 'success', action);
    expect($toast.get()).toEqual({ open: true, message: 'Transaction confirmed', variant: 'success', action });
    vi.advanceTimersByTime(TOAST_VISIBLE_MS);
    expect($toast.get().open).toBe(true);
    vi.advanceTimersByTime(TOAST_ACTION_VISIBLE_MS - TOAST_VISIBLE_MS);
    expect($toast.get().open).toBe(false);
    showSuccess('Copied');
    vi.advanceTimersByTime(150);
    expect($toast.get().action).toBeUndefined();
  });
});
