/**
 * No key, token or password appears in what the server prints: configuration errors name the
 * setting and the rule, never a secret value; printed URLs and logged request lines hide their
 * secret parts.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli/index.js';
import { describeValue, loggerOption, redactPath, redactText, redactUrl } from '../src/redact.js';
import { tempDir } from './helpers.js';

let dir: string;
let remove: () => void;
beforeEach(() => ({ dir, remove } = tempDir()));
afterEach(() => remove());

async function cli(argv: string[], env: NodeJS.ProcessEnv = {}, signal?: AbortSignal, onOut?: (text: string) => void) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: {
      write: (t: string) => {
        stdout += t;
        onOut?.(stdout);
      },
    },
    stderr: { write: (t: string) => (stderr += t) },
    env,
    cwd: dir,
    ...(signal ? { signal } : {}),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr, all: stdout + stderr };
}

const data = () => ['--data', path.join(dir, 'data')];

describe('configuration errors never echo a secret', () => {
  const SECRET = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0';

  it('an invalid W3KIT_KEK names the variable and the rule, not the key', async () => {
    const run = await cli(data(), { W3KIT_KEK: SECRET });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('W3KIT_KEK');
    expect(run.stderr).toContain('must be 32 bytes, base64');
    expect(run.all).not.toContain(SECRET);
    expect(run.all).not.toContain(SECRET.slice(0, 12));
  });

  it('an invalid on-ramp key, from the environment, a flag or the config file, is not shown', async () => {
    const key = '0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789SECRET';
    for (const run of [await cli(data(), { W3KIT_ONRAMP_KEY: key }), await cli(['--onramp-key', key, ...data()])]) {
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/W3KIT_ONRAMP_KEY|--onramp-key/);
      expect(run.stderr).toContain('must be a private key');
      expect(run.all).not.toContain('0123456789abcdef');
    }
  });

  it('an invalid SMTP URL shows its host but not its password', async () => {
    const run = await cli(['--smtp', 'http://login:hunter2-password@mail.example.com/path', ...data()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--smtp');
    expect(run.stderr).toContain('mail.example.com');
    expect(run.all).not.toContain('hunter2');
  });

  it('dex deploy with a bad RPC URL hides its API key', async () => {
    const run = await cli(['dex', 'deploy', '--evm-rpc', 'ftp://rpc.example.com/v3/0a1b2c3d4e5f60718293a4b5c6d7e8f9', ...data()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--evm-rpc');
    expect(run.stderr).toContain('rpc.example.com/v3/***');
    expect(run.all).not.toContain('0a1b2c3d4e5f');
  });
});

describe('printed service lines hide secret parts of URLs', () => {
  it('the indexed chain line shows the RPC host without its key or query values', async () => {
    const controller = new AbortController();
    let ready!: () => void;
    const started = new Promise<void>((resolve) => (ready = resolve));
    const rpc = 'http://user:rpc-password@127.0.0.1:9/v3/0a1b2c3d4e5f60718293a4b5c6d7e8f9?apikey=query-secret';
    const done = cli(['--port', '0', '--evm-rpc', rpc, ...data()], {}, controller.signal, (out) => {
      if (out.includes('w3kit-evm')) ready();
    });
    await started;
    controller.abort();
    const run = await done;
    expect(run.stdout).toContain('w3kit-evm     http://user:***@127.0.0.1:9/v3/***?apikey=***');
    for (const secret of ['rpc-password', '0a1b2c3d4e5f', 'query-secret']) expect(run.all).not.toContain(secret);
  });
});

describe('redaction', () => {
  it('hides passwords, query values and key-like path segments, keeps the rest', () => {
    expect(redactUrl('https://eth-mainnet.example.com/v2/AbCdEf0123456789GhIjKl')).toBe('https://eth-mainnet.example.com/v2/***');
    expect(redactUrl('smtps://mailer:pa55word@smtp.example.com:465')).toBe('smtps://mailer:***@smtp.example.com:465');
    expect(redactUrl('http://127.0.0.1:8545')).toBe('http://127.0.0.1:8545');
    expect(redactUrl('https://rpc.example.com/path/short?token=abc&x=1')).toBe('https://rpc.example.com/path/short?token=***&x=***');
    expect(redactUrl('not a url with a secret')).not.toContain('secret');
  });

  it('quotes secret kinds never, URLs redacted, other values as given', () => {
    expect(describeValue('key', 'abc')).not.toContain('abc');
    expect(describeValue('privateKey', '0xabc')).not.toContain('abc');
    expect(describeValue('url', 'http://u:p4ss@h/')).not.toContain('p4ss');
    expect(describeValue('port', 'eighty')).toBe('"eighty"');
  });

  it('finds URLs inside text, and request lines keep only query names', () => {
    expect(redactText('connect ECONNREFUSED https://a:b-secret@h.example/x failed')).toBe(
      'connect ECONNREFUSED https://a:***@h.example/x failed',
    );
    expect(redactPath('/approve?token=eyJhbGciOi&lang=en')).toBe('/approve?token=***&lang=***');
    expect(redactPath('/health')).toBe('/health');
    const option = loggerOption(true);
    expect(option && option.serializers.req({ method: 'GET', url: '/x?code=123456' })).toEqual({ method: 'GET', url: '/x?code=***' });
    expect(loggerOption(false)).toBe(false);
  });
});
