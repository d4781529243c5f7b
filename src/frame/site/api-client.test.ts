import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { AuthApiError, createAuthApi, SessionExpiredError } from './api-client.js';

const reply = z.object({ ok: z.boolean() });
const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('the frame’s auth API client', () => {
  it('turns "no reply at all" (the backend down) into a clear error, not the browser’s bare TypeError', async () => {
    const api = createAuthApi(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await api.get('/session', reply).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthApiError);
    expect((err as Error).message).toBe('Could not reach the wallet server: check your connection and try again');
  });

  it("gives the server's own message for an error reply, and 'Session Expired' for a 401", async () => {
    const api = createAuthApi(() => json(429, { message: 'Please try again after 12 seconds' }));
    await expect(api.post('/email/start', {}, reply)).rejects.toThrow('Please try again after 12 seconds');
    const expired = createAuthApi(() => json(401, { message: 'Session Expired' }));
    await expect(expired.get('/session', reply)).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it("keeps the server's refusal code and numbers; a reply without one is SERVER_ERROR, no reply SERVER_UNREACHABLE", async () => {
    const coded = createAuthApi(() => json(429, { message: 'Please try again after 12 seconds', code: 'MAIL_COOLDOWN', retryAfter: 12 }));
    const err = (await coded.post('/email/start', {}, reply).catch((e: unknown) => e)) as AuthApiError;
    expect(err).toMatchObject({ reason: 'MAIL_COOLDOWN', retryAfter: 12, status: 429 });
    const wrong = createAuthApi(() =>
      json(400, { message: 'Invalid code: 2 attempts left', field: 'otp', code: 'CODE_WRONG', attemptsLeft: 2 }),
    );
    expect(await wrong.post('/email/verify', {}, reply).catch((e: unknown) => e)).toMatchObject({
      reason: 'CODE_WRONG',
      attemptsLeft: 2,
      field: 'otp',
    });
    const bare = createAuthApi(() => json(409, { message: 'Something only developers read' }));
    expect(await bare.post('/x', {}, reply).catch((e: unknown) => e)).toMatchObject({ reason: 'SERVER_ERROR' });
    const limited = createAuthApi(() => json(429, { message: 'Too many requests: at most 3000 per 60 s; retry after 4 s' }));
    expect(await limited.post('/x', {}, reply).catch((e: unknown) => e)).toMatchObject({ reason: 'RATE_LIMITED' });
    const down = createAuthApi(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await down.get('/session', reply).catch((e: unknown) => e)).toMatchObject({ reason: 'SERVER_UNREACHABLE' });
  });

  it('refuses a malformed success reply, and sends the frame header and the bearer token', async () => {
    const seen: RequestInit[] = [];
    const api = createAuthApi((_url, init) => (seen.push(init), json(200, { ok: 'yes' })));
    api.setToken('t'.repeat(40));
    await expect(api.get('/session', reply)).rejects.toThrow("The server's reply to /session is malformed");
    expect(seen[0]!.headers).toMatchObject({ 'x-w3kit-frame': '1', authorization: `Bearer ${'t'.repeat(40)}` });
  });
});
