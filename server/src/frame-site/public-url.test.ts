/**
 * The frame site's public URL without --frame-public-url: on a loopback host it is
 * http://localhost:PORT (passkeys refuse IP-address origins), so the mails' links, the passkeys'
 * relying party and the social login's redirect name it; elsewhere the listener's URL; a given
 * public URL is used as given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkOf, seedAccount, startAuthHarness, type AuthHarness } from '../../test/auth-harness.js';
import { defaultFrameUrl } from './start.js';

describe('the frame site public URL', () => {
  it('is localhost on a loopback host, the listener elsewhere', () => {
    expect(defaultFrameUrl('127.0.0.1', 8789)).toBe('http://localhost:8789');
    expect(defaultFrameUrl('::1', 8789)).toBe('http://localhost:8789');
    expect(defaultFrameUrl('localhost', 8789)).toBe('http://localhost:8789');
    expect(defaultFrameUrl('0.0.0.0', 8789)).toBe('http://127.0.0.1:8789');
    expect(defaultFrameUrl('192.0.2.7', 8789)).toBe('http://192.0.2.7:8789');
  });

  describe('a server on 127.0.0.1 without --frame-public-url', () => {
    let h: AuthHarness;
    beforeAll(async () => {
      h = await startAuthHarness();
    });
    afterAll(async () => {
      await h.close();
    });

    it('reports http://localhost:PORT, answers there, and names it in the device mail', async () => {
      expect(h.server.frameUrl).toMatch(/^http:\/\/localhost:\d+$/);
      expect((await fetch(`${h.server.frameUrl}/frame.css`)).status).toBe(200);
      await seedAccount(h, 'url@example.com');
      const start = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: 'url@example.com', deviceId: 'device-url-0001' });
      expect(start.body.action).toBe('VERIFY_DEVICE');
      expect(linkOf(await h.mailTo('url@example.com'))).toMatch(/^http:\/\/localhost:\d+\/auth\/v1\/device\/approve\?token=/);
    });
  });

  describe('with a public URL given', () => {
    let h: AuthHarness;
    beforeAll(async () => {
      h = await startAuthHarness({ framePublicUrl: 'https://wallet.example.com' });
    });
    afterAll(async () => {
      await h.close();
    });

    it('links to it and keeps the listener URL as the server URL', async () => {
      expect(h.server.frameUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      await seedAccount(h, 'pub@example.com');
      await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: 'pub@example.com', deviceId: 'device-url-0002' });
      expect(linkOf(await h.mailTo('pub@example.com'))).toMatch(/^https:\/\/wallet\.example\.com\/auth\/v1\/device\/approve\?token=/);
    });
  });
});
