import { describe, expect, it } from 'vitest';
import { W3ConfigError } from '../core/errors.js';
import { needsPackage } from './optional-peer.js';

const MISSING = '@w3kit-test/not-installed';
const sentence = `Invalid option "networks": Chainy needs ${MISSING}: npm install ${MISSING}`;

describe('needsPackage', () => {
  it('turns a package the loader cannot resolve into a sentence naming it', async () => {
    const error: unknown = await needsPackage(
      'Chainy',
      MISSING,
      () => import(/* @vite-ignore */ MISSING),
      () => true,
    ).catch((e) => e);
    expect(error).toBeInstanceOf(W3ConfigError);
    expect((error as Error).message).toBe(sentence);
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it('says the same of an empty module a bundler stood in for the package', async () => {
    await expect(
      needsPackage(
        'Chainy',
        MISSING,
        async () => ({}),
        (m) => 'Thing' in m,
      ),
    ).rejects.toThrow(sentence);
  });

  it('passes any other failure through, and what loaded when it is there', async () => {
    const other = new Error('boom in the module');
    await expect(
      needsPackage(
        'Chainy',
        MISSING,
        () => Promise.reject(other),
        () => true,
      ),
    ).rejects.toBe(other);
    await expect(
      needsPackage(
        'Chainy',
        'vitest',
        () => import('vitest'),
        (m) => typeof m.expect === 'function',
      ),
    ).resolves.toHaveProperty('it');
  });
});
