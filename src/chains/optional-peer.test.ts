import { describe, expect, it } from 'vitest';
import { W3ConfigError } from '../core/errors.js';
import { orMissing, packageMissing } from './optional-peer.js';

const MISSING = '@w3kit-test/not-installed';
const sentence = `Invalid option "networks": Chainy needs ${MISSING}: npm install ${MISSING}`;

describe('optional peers', () => {
  it('turn a package the loader cannot resolve into a sentence naming it', async () => {
    const failure: unknown = await import(/* @vite-ignore */ MISSING).catch((e: unknown) => e);
    const error = orMissing('Chainy', MISSING, failure);
    expect(error).toBeInstanceOf(W3ConfigError);
    expect((error as Error).message).toBe(sentence);
    expect((error as Error).cause).toBe(failure);
  });

  it('say the same of a missing package found another way (an empty module in its place)', () => {
    expect(packageMissing('Chainy', MISSING).message).toBe(sentence);
  });

  it('pass any other failure through', () => {
    const other = new Error('boom in the module');
    expect(orMissing('Chainy', MISSING, other)).toBe(other);
  });
});
