/**
 * The device-approval page's Content-Security-Policy (./approve-page.ts, ../frame-site/html.ts):
 * its one inline <style> is allowed by its hash and by nothing else: style-src names exactly one
 * source, the sha256 of the page's only <style>; no 'unsafe-inline', no script, no style
 * attribute; on the form, the approved page and the page of a spent link alike.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkOf, seedAccount, startAuthHarness, type AuthHarness } from '../../test/auth-harness.js';

let h: AuthHarness;
beforeEach(async () => {
  h = await startAuthHarness();
  await seedAccount(h, 'ada@example.com');
});
afterEach(async () => {
  await h.close();
});

/** The CSP's directives by name, each with its sources. */
const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

/** Checks the page's CSP allows its one style by hash and nothing else; gives the page's status. */
async function checkCsp(reply: Response): Promise<number> {
  const html = await reply.text();
  const csp = reply.headers.get('content-security-policy') ?? '';
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!);
  expect(styles).toHaveLength(1);
  const hash = `'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`;
  const byName = directives(csp);
  expect(byName.get('style-src')).toEqual([hash]);
  expect(byName.get('default-src')).toEqual(["'none'"]);
  expect([...byName.keys()].filter((name) => /^(script|style)-src/.test(name))).toEqual(['style-src']);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-hashes|unsafe-eval/);
  expect(html).not.toMatch(/<script\b|\sstyle\s*=/i);
  return reply.status;
}

describe('the device-approval page', () => {
  it("allows exactly one hashed style, its own, and no 'unsafe-inline', before and after approving and once the link is spent", async () => {
    const start = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: 'ada@example.com', deviceId: 'device-csp-00001' });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const link = linkOf(await h.mailTo('ada@example.com'));
    expect(await checkCsp(await fetch(link))).toBe(200);
    const approved = await fetch(link.split('?')[0]!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${new URL(link).searchParams.get('token')}`,
    });
    expect(await checkCsp(approved)).toBe(200);
    expect(await checkCsp(await fetch(link))).toBe(410);
  });
});
