/**
 * What the URL settings (`--db`, `--redis`) share in their tests: the order they are read in
 * (flag, then environment variable, then config key; absent, none), and the InputError a bad one
 * is refused with.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { resolveConfig } from '../src/config.js';
import { InputError } from '../src/errors.js';
import { inputErrorField, tempDir } from './helpers.js';

/** The InputError `fn` throws (the test fails when it throws none). */
export function inputRefusal(fn: () => unknown): InputError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error('not refused');
}

export interface UrlSetting {
  /** The config key and flag name. */
  key: 'db' | 'redis';
  env: string;
  /** A good URL each for the config file, the variable and the flag, and one refused in the file. */
  urls: { file: string; env: string; flag: string; refused: string };
}

/** Checks `setting` is read from the flag, then its variable, then the config key; absent, undefined; a bad one in the file is refused as `config:<key>`. */
export function expectReadInOrder({ key, env, urls }: UrlSetting): void {
  const { dir, remove } = tempDir();
  try {
    const file = path.join(dir, 'w3kit.config.json');
    writeFileSync(file, JSON.stringify({ [key]: urls.file }));
    expect(resolveConfig({}, {}, dir)[key]).toBeUndefined();
    expect(resolveConfig({ config: file }, {}, dir)[key]).toBe(urls.file);
    expect(resolveConfig({ config: file }, { [env]: urls.env }, dir)[key]).toBe(urls.env);
    expect(resolveConfig({ config: file, [key]: urls.flag }, { [env]: urls.env }, dir)[key]).toBe(urls.flag);
    writeFileSync(file, JSON.stringify({ [key]: urls.refused }));
    expect(inputErrorField(() => resolveConfig({ config: file }, {}, dir))).toBe(`config:${key}`);
  } finally {
    remove();
  }
}
