import { randomBytes } from 'node:crypto';
/**
 * Test helpers of the embedded wallet's backend: a server with the SMTP sink and a fixture frame
 * site on free ports, a clock tests move, calls to the auth API, and the mails the sink got.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer, type StartServerOptions } from '../src/index.js';
import type { SinkMail } from '../src/mail/sink.js';
import { userQueries } from '../src/storage/auth-users.js';

export interface AuthHarness {
  server: RunningServer;
  clock: { now: number };
  /** Calls the auth API (`/auth/v1` + path) with `x-w3kit-frame: 1`, JSON, the token and any other headers if given. */
  call(
    method: 'GET' | 'POST',
    apiPath: string,
    body?: unknown,
    token?: string,
    extraHeaders?: Record<string, string>,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<{ status: number; headers: Headers; body: any }>;
  /** Waits for the next mail to `to` received after `since` mails were there. */
  mailTo(to: string, since?: number): Promise<SinkMail>;
  close(): Promise<void>;
}

export async function startAuthHarness(options: StartServerOptions = {}): Promise<AuthHarness> {
  const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-frame-site-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>frame</title><script type="module" src="/frame.js"></script>');
  writeFileSync(path.join(dir, 'frame.js'), 'console.log("frame");');
  writeFileSync(path.join(dir, 'frame.css'), 'body{margin:0}');
  const clock = { now: Date.now() };
  const server = await startServer({
    port: 0,
    seed: true,
    smtpSink: 0,
    frameSiteDir: dir,
    now: () => clock.now,
    relayPort: false,
    ...options,
  });
  return {
    server,
    clock,
    async call(method, apiPath, body, token, extraHeaders) {
      const headers: Record<string, string> = { ...extraHeaders, 'x-w3kit-frame': '1' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await fetch(`${server.frameUrl}/auth/v1${apiPath}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
    },
    async mailTo(to, since = 0) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const mails = server.mails().slice(0, Math.max(server.mails().length - since, 0));
        const found = mails.find((m) => m.to === to);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within 5 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The only 6-digit number of a mail's subject and text; throws when there is none or several. */
export function codeOf(mail: SinkMail): string {
  const found = new Set(`${mail.subject}\n${mail.text}`.match(/(?<!\d)\d{6}(?!\d)/g) ?? []);
  if (found.size !== 1) throw new Error(`Expected one 6-digit code in the mail, found ${found.size}`);
  return [...found][0]!;
}

/** Every run of 6 or more digits in a mail's subject and text. */
export function digitRuns(mail: SinkMail): string[] {
  return `${mail.subject}\n${mail.text}`.match(/\d{6,}/g) ?? [];
}

export function linkOf(mail: SinkMail): string {
  const url = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!url) throw new Error('No link in the mail');
  return url;
}

/**
 * A harness whose frame site is reached as http://localhost:<port> (WebAuthn needs a host name,
 * never an IP) with a fresh key-encryption key; `origin` is that frame origin.
 */
export async function startPasskeyHarness(kek = randomBytes(32)): Promise<{ h: AuthHarness; origin: string }> {
  const h = await startAuthHarness({ host: 'localhost', kek: kek.toString('base64') });
  return { h, origin: h.server.frameUrl! };
}

/**
 * An account for `email` with no device yet (as a social login leaves one), so that its next
 * e-mail login is a known account's new device: the approval mail, not the code at once.
 */
export async function seedAccount(h: AuthHarness, email: string): Promise<void> {
  // Through the storage seam, so it holds on either engine (the suites also run on Postgres).
  await userQueries(h.server.storage.db).ensure(email, `seeded-${randomBytes(6).toString('hex')}`, h.clock.now);
}
