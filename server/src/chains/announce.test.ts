import { describe, expect, it } from 'vitest';
import { chainIdWithin } from './announce.js';

describe('chainIdWithin', () => {
  it("gives the node's chain id when it answers in time, undefined when it fails or answers too late", async () => {
    expect(await chainIdWithin(async () => 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328')).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328');
    expect(await chainIdWithin(() => Promise.reject(new Error('503')))).toBeUndefined();
    const started = Date.now();
    expect(await chainIdWithin(() => new Promise<string>(() => undefined), 50)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
