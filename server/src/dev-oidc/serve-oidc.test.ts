import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../cli/index.js';
import type { CliIo } from '../cli/command.js';

const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-oidc-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('w3kit-server --oidc-port', () => {
  it('starts the development OpenID provider, prints its URL, and serves one issuer per provider', async () => {
    const controller = new AbortController();
    let stdout = '';
    let ready!: (url: string) => void;
    const started = new Promise<string>((resolve) => (ready = resolve));
    const io: CliIo = {
      stdout: {
        write: (text: string) => {
          stdout += text;
          const url = /^w3kit-oidc {4}(http:\/\/127\.0\.0\.1:\d+) /m.exec(stdout)?.[1];
          if (url) ready(url);
        },
      },
      stderr: { write: () => undefined },
      signal: controller.signal,
      env: {},
      cwd: dir,
    };
    const done = main(['--port', '0', '--oidc-port', '0', '--seed', '--data', path.join(dir, 'data')], io);
    const url = await started;
    for (const provider of ['google', 'github', 'apple', 'facebook', 'x', 'discord']) {
      const doc = (await (await fetch(`${url}/${provider}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
      expect(doc.issuer).toBe(`${url}/${provider}`);
      expect(doc.token_endpoint).toBe(`${url}/${provider}/token`);
    }
    expect((await fetch(`${url}/myspace/.well-known/openid-configuration`)).status).toBe(404);
    controller.abort();
    expect(await done).toBe(0);
    await expect(fetch(`${url}/google/.well-known/openid-configuration`)).rejects.toThrow();
  });
});
