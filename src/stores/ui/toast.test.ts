import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_VISIBLE_MS } from '../../core/constants.js';
import { $toast, hideToast, showError, showLoading, showSuccess, showToast, TOAST_ACTION_VISIBLE_MS } from './toast.js';

const t = (text: string) => ({ code: 'TEXT', text }) as const;

beforeEach(() => {
  vi.useFakeTimers();
  hideToast();
  $toast.set({ open: false, message: t(''), variant: 'success' });
});

afterEach(() => {
  hideToast();
  vi.useRealTimers();
});

describe('toast', () => {
  it.each(['loading', 'success', 'error'] as const)('shows a %s toast at once when none is open', (variant) => {
    showToast(t('Hello'), variant);
    expect($toast.get()).toEqual({ open: true, message: t('Hello'), variant });
  });

  it('has shortcuts per variant', () => {
    showSuccess(t('Copied'));
    expect($toast.get()).toEqual({ open: true, message: t('Copied'), variant: 'success' });
    hideToast();
    showError(t('Failed'));
    expect($toast.get()).toEqual({ open: true, message: t('Failed'), variant: 'error' });
    hideToast();
    showLoading(t('Waiting'));
    expect($toast.get()).toEqual({ open: true, message: t('Waiting'), variant: 'loading' });
  });

  it('closes an open toast and shows the new one only after 150 ms', () => {
    showSuccess(t('First'));
    vi.advanceTimersByTime(100);
    showError(t('Second'));
    expect($toast.get().open).toBe(false);
    vi.advanceTimersByTime(149);
    expect($toast.get().open).toBe(false);
    vi.advanceTimersByTime(1);
    expect($toast.get()).toEqual({ open: true, message: t('Second'), variant: 'error' });
  });

  it('replaces a loading toast the same way', () => {
    showLoading(t('Signing'));
    showSuccess(t('Signed'));
    expect($toast.get().open).toBe(false);
    vi.advanceTimersByTime(149);
    expect($toast.get().open).toBe(false);
    vi.advanceTimersByTime(1);
    expect($toast.get()).toEqual({ open: true, message: t('Signed'), variant: 'success' });
  });

  it('shows only the latest of several quick messages, 150 ms after the last one', () => {
    showSuccess(t('One'));
    showSuccess(t('Two'));
    vi.advanceTimersByTime(50);
    showError(t('Three'));
    vi.advanceTimersByTime(149);
    expect($toast.get().open).toBe(false);
    vi.advanceTimersByTime(1);
    expect($toast.get()).toEqual({ open: true, message: t('Three'), variant: 'error' });
    vi.advanceTimersByTime(1000);
    expect($toast.get().message).toEqual(t('Three'));
  });

  it('shows at once again after the previous toast hid by itself', () => {
    showSuccess(t('First'));
    showSuccess(t('Second'));
    vi.advanceTimersByTime(150 + 2500);
    expect($toast.get().open).toBe(false);
    showError(t('Third'));
    expect($toast.get()).toEqual({ open: true, message: t('Third'), variant: 'error' });
  });

  it.each(['success', 'error'] as const)('hides a %s toast by itself', (variant) => {
    showToast(t('Bye'), variant);
    vi.advanceTimersByTime(2499);
    expect($toast.get().open).toBe(true);
    vi.advanceTimersByTime(1);
    expect($toast.get().open).toBe(false);
    expect($toast.get().message).toEqual(t('Bye'));
  });

  it('keeps a loading toast open', () => {
    showLoading(t('Loading'));
    vi.advanceTimersByTime(60_000);
    expect($toast.get()).toEqual({ open: true, message: t('Loading'), variant: 'loading' });
  });

  it('the old toast hide timer does not close the new toast early', () => {
    showSuccess(t('First'));
    vi.advanceTimersByTime(2000);
    showSuccess(t('Second'));
    vi.advanceTimersByTime(150);
    expect($toast.get()).toEqual({ open: true, message: t('Second'), variant: 'success' });
    vi.advanceTimersByTime(2499);
    expect($toast.get().open).toBe(true);
    vi.advanceTimersByTime(1);
    expect($toast.get().open).toBe(false);
  });

  it('a loading toast replacing another one stays', () => {
    showSuccess(t('Done'));
    showLoading(t('Again'));
    vi.advanceTimersByTime(150);
    expect($toast.get()).toEqual({ open: true, message: t('Again'), variant: 'loading' });
    vi.advanceTimersByTime(10_000);
    expect($toast.get().open).toBe(true);
  });

  it('hideToast closes at once and cancels a pending swap', () => {
    showSuccess(t('First'));
    showError(t('Second'));
    hideToast();
    vi.advanceTimersByTime(1000);
    expect($toast.get().open).toBe(false);
  });

  it('hideToast closes a loading toast', () => {
    showLoading(t('Loading'));
    hideToast();
    expect($toast.get().open).toBe(false);
  });

  it('a toast with an action carries it and stays long enough to reach it; the next toast drops it', () => {
    const action = { label: 'VIEW_ON_EXPLORER', explorer: 'Etherscan', href: 'https://etherscan.io/tx/0x1' } as const;
    showToast({ code: 'TRANSACTION_CONFIRMED' }, 'success', action);
    expect($toast.get()).toEqual({ open: true, message: { code: 'TRANSACTION_CONFIRMED' }, variant: 'success', action });
    vi.advanceTimersByTime(TOAST_VISIBLE_MS);
    expect($toast.get().open).toBe(true);
    vi.advanceTimersByTime(TOAST_ACTION_VISIBLE_MS - TOAST_VISIBLE_MS);
    expect($toast.get().open).toBe(false);
    showSuccess(t('Copied'));
    vi.advanceTimersByTime(150);
    expect($toast.get().action).toBeUndefined();
  });
});
