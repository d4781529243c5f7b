import { beforeEach, describe, expect, it } from 'vitest';
import { $alert, ALERTS, closeAlert, resetAlerts, showAlert, type AlertCode } from './alerts.js';

beforeEach(() => {
  resetAlerts();
});

const CODES = Object.keys(ALERTS) as AlertCode[];
const EVERY_TIME = CODES.filter((code) => !('once' in ALERTS[code]));

describe('alerts', () => {
  it("shows 'Invalid App Configuration' only once", () => {
    expect(showAlert('INVALID_APP_CONFIGURATION')).toBe(true);
    expect($alert.get()).toEqual({ code: 'INVALID_APP_CONFIGURATION', variant: 'error' });
    closeAlert();
    expect($alert.get()).toBeUndefined();
    expect(showAlert('INVALID_APP_CONFIGURATION')).toBe(false);
    expect($alert.get()).toBeUndefined();
  });

  it('a refused once-only alert does not replace the alert on screen', () => {
    showAlert('INVALID_APP_CONFIGURATION');
    showAlert('SERVER_ERROR');
    expect(showAlert('INVALID_APP_CONFIGURATION')).toBe(false);
    expect($alert.get()?.code).toBe('SERVER_ERROR');
  });

  it.each(EVERY_TIME)('shows %s every time', (code) => {
    expect(showAlert(code)).toBe(true);
    expect($alert.get()).toEqual({ code, variant: 'error' });
    closeAlert();
    expect(showAlert(code)).toBe(true);
    expect($alert.get()?.code).toBe(code);
  });

  // 'Local configuration ignored' and 'Logged in until you reload'.
  it.each(['LOCAL_CONFIGURATION_IGNORED', 'SESSION_ONLY_LOGIN'] as const)('shows %s once, as a warning', (code) => {
    expect(showAlert(code)).toBe(true);
    expect($alert.get()).toEqual({ code, variant: 'warning' });
    closeAlert();
    expect(showAlert(code)).toBe(false);
    expect($alert.get()).toBeUndefined();
  });

  it('only the warnings are not errors', () => {
    const variants = CODES.map((code) => {
      showAlert(code);
      return [code, $alert.get()?.variant];
    });
    expect(variants.filter(([, variant]) => variant !== 'error')).toEqual([
      ['LOCAL_CONFIGURATION_IGNORED', 'warning'],
      ['SESSION_ONLY_LOGIN', 'warning'],
    ]);
  });

  it('carries a code and a variant, no text (the elements localize it)', () => {
    showAlert('NETWORK_NOT_FOUND');
    expect($alert.get()).toEqual({ code: 'NETWORK_NOT_FOUND', variant: 'error' });
    showAlert('EMBEDDED_WALLET_LOAD_FAILED');
    expect($alert.get()).toEqual({ code: 'EMBEDDED_WALLET_LOAD_FAILED', variant: 'error' });
  });

  it('a newer alert replaces the current one', () => {
    showAlert('RATE_LIMITED');
    showAlert('SESSION_EXPIRED');
    expect($alert.get()?.code).toBe('SESSION_EXPIRED');
  });

  it('resetAlerts clears the alert and forgets the once-only ones', () => {
    showAlert('INVALID_APP_CONFIGURATION');
    resetAlerts();
    expect($alert.get()).toBeUndefined();
    expect(showAlert('INVALID_APP_CONFIGURATION')).toBe(true);
    expect($alert.get()?.code).toBe('INVALID_APP_CONFIGURATION');
  });
});
