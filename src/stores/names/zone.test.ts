/** The client's default zone is the registry's, and a profile name is in the zone by its suffix. */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_NAME_ZONE } from '../../wire/names-api.js';
import { $nameZone, CLIENT_DEFAULT_ZONE, isZoneName } from './zone.js';

afterEach(() => $nameZone.set(CLIENT_DEFAULT_ZONE));

describe('the name zone', () => {
  it('defaults to the registry default', () => {
    expect(CLIENT_DEFAULT_ZONE).toBe(DEFAULT_NAME_ZONE);
    expect($nameZone.get()).toBe('w3kit.id');
  });

  it('tells names in the zone (any case) from others', () => {
    expect(isZoneName('alice.w3kit.id')).toBe(true);
    expect(isZoneName('Alice.W3KIT.ID')).toBe(true);
    expect(isZoneName('dev.w3kit')).toBe(false);
    expect(isZoneName('w3kit.id')).toBe(false);
    expect(isZoneName(undefined)).toBe(false);
    $nameZone.set('example.org');
    expect(isZoneName('alice.w3kit.id')).toBe(false);
    expect(isZoneName('alice.example.org')).toBe(true);
  });
});
