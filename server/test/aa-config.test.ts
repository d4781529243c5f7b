/** The smart-account settings: --bundler-url, --paymaster, --paymaster-key, --paymaster-daily-gas from a flag, the environment or the file, and their errors. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configFlags } from '../src/cli/serve.js';
import { resolveConfig } from '../src/config.js';
import { inputErrorField, tempDir } from './helpers.js';

let dir: string;
let remove: () => void;
beforeEach(() => ({ dir, remove } = tempDir()));
afterEach(() => remove());

const KEY = `0x${'ab'.repeat(32)}`;
const PAYMASTER = `0x${'cd'.repeat(20)}`;

describe('the smart-account settings', () => {
  it('are none by default', () => {
    expect(resolveConfig({}, {}, dir).aa).toEqual({
      bundlerUrl: undefined,
      paymaster: undefined,
      paymasterKey: undefined,
      dailyGas: undefined,
    });
  });

  it('come from the flags (through the CLI), the environment or the config file', () => {
    const flags = configFlags({
      'bundler-url': 'http://127.0.0.1:4337/',
      paymaster: PAYMASTER,
      'paymaster-key': KEY,
      'paymaster-daily-gas': '1000000',
    });
    expect(resolveConfig(flags, {}, dir).aa).toEqual({
      bundlerUrl: 'http://127.0.0.1:4337',
      paymaster: PAYMASTER,
      paymasterKey: KEY,
      dailyGas: 1_000_000,
    });
    expect(resolveConfig({}, { W3KIT_BUNDLER_URL: 'http://bundler:4337', W3KIT_PAYMASTER_DAILY_GAS: '5' }, dir).aa).toMatchObject({
      bundlerUrl: 'http://bundler:4337',
      dailyGas: 5,
    });
    const file = path.join(dir, 'w3kit.config.json');
    writeFileSync(
      file,
      JSON.stringify({ bundlerUrl: 'https://bundler.example', paymaster: PAYMASTER, paymasterKey: KEY, paymasterDailyGas: 7 }),
    );
    expect(resolveConfig({ config: file }, {}, dir).aa).toEqual({
      bundlerUrl: 'https://bundler.example',
      paymaster: PAYMASTER,
      paymasterKey: KEY,
      dailyGas: 7,
    });
  });

  it('name the setting that is wrong', () => {
    expect(inputErrorField(() => resolveConfig({ 'bundler-url': 'ftp://x' }, {}, dir))).toBe('--bundler-url');
    expect(inputErrorField(() => resolveConfig({ paymaster: '0x12' }, {}, dir))).toBe('--paymaster');
    expect(inputErrorField(() => resolveConfig({}, { W3KIT_PAYMASTER_KEY: 'secret' }, dir))).toBe('W3KIT_PAYMASTER_KEY');
    expect(inputErrorField(() => resolveConfig({ 'paymaster-daily-gas': '0' }, {}, dir))).toBe('--paymaster-daily-gas');
  });
});
