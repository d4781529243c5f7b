import { privateKeyToAccount } from 'viem/accounts';
import { ed25519 } from '@noble/curves/ed25519';
import { afterEach, describe, expect, it } from 'vitest';
import { emailChangePrimaryBody, emailChangeStartBody, emailStartBody, exportStartBody } from '../../../wire/auth-api.js';
import { base58Decode } from '../../../wire/base58.js';
import type { ExportFlow } from '../context.js';
import { startFrameHarness } from '../test-utils/frame-harness.js';

const open: { close(): void }[] = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
});

describe('login, export and e-mail change handlers', () => {
  it('ConnectDevice polls device/status until approved', async () => {
    const h = startFrameHarness({ deviceVerified: true, approveAfterPolls: 3 });
    open.push(h);
    expect((await h.call('ConnectEmail', { email: 'ada@example.com' })).payload).toEqual({ action: 'VERIFY_DEVICE' });
    expect((await h.call('ConnectDevice')).ok).toBe(true);
    expect(h.api.calls.filter((c) => c === 'GET /device/status')).toHaveLength(3);
  });

  it('ConnectEmail names the page the frame is on (its checked parent origin) for the approval mail', async () => {
    const h = startFrameHarness({ deviceVerified: true });
    open.push(h);
    await h.call('ConnectEmail', { email: 'ada@example.com' });
    const sent = h.api.sent.find((s) => s.path === '/email/start')!;
    expect(emailStartBody.parse(JSON.parse(sent.body))).toMatchObject({ email: 'ada@example.com', site: 'http://app.test' });
  });

  it("ConnectEmail sends the modal's locale, so the mails and the approval page speak it", async () => {
    const h = startFrameHarness({ deviceVerified: true });
    open.push(h);
    await h.call('SyncDappData', { projectId: 'w3kit-dev', sdkVersion: '4', networks: [], locale: 'fa' });
    await h.call('ConnectEmail', { email: 'ada@example.com' });
    const sent = h.api.sent.find((s) => s.path === '/email/start')!;
    expect(emailStartBody.parse(JSON.parse(sent.body))).toMatchObject({ email: 'ada@example.com', locale: 'fa' });
  });

  it("ConnectDevice gives up with 'The device was not approved in time'", async () => {
    let now = 0;
    const clock = { now: () => now, sleep: async (ms: number) => void (now += ms) };
    const h = startFrameHarness({ deviceVerified: true, approveAfterPolls: 1_000, clock });
    open.push(h);
    await h.call('ConnectEmail', { email: 'ada@example.com' });
    expect(await h.call('ConnectDevice')).toMatchObject({ ok: false, error: { message: 'The device was not approved in time' } });
    expect(now).toBeLessThanOrEqual(115_000);
  });

  it('a newer ConnectEmail ends the wait of the older login with LOGIN_REPLACED (the host drops it)', async () => {
    let now = 0;
    const ticks: (() => void)[] = [];
    const clock = { now: () => now, sleep: (ms: number) => new Promise<void>((r) => ticks.push(() => ((now += ms), r()))) };
    const h = startFrameHarness({ deviceVerified: true, approveAfterPolls: 1_000, clock });
    open.push(h);
    await h.call('ConnectEmail', { email: 'ada@example.com' });
    const waiting = h.call('ConnectDevice');
    while (ticks.length === 0) await new Promise((r) => setTimeout(r, 1));
    expect((await h.call('ConnectEmail', { email: 'bea@example.com' })).payload).toEqual({ action: 'VERIFY_DEVICE' });
    ticks.shift()!();
    expect(await waiting).toMatchObject({ ok: false, error: { reason: 'LOGIN_REPLACED' } });
  });

  it('a second ConnectEmail for the logged-in address answers CONNECT without a mail', async () => {
    const h = startFrameHarness();
    open.push(h);
    await h.call('ConnectEmail', { email: 'ada@example.com' });
    await h.call('ConnectOtp', { otp: '123456' });
    expect((await h.call('ConnectEmail', { email: 'ADA@example.com' })).payload).toEqual({ action: 'CONNECT' });
    expect(h.api.calls.filter((c) => c === 'POST /email/start')).toHaveLength(1);
  });

  it('ExportKey reveals keys whose addresses are the user, only after the code', async () => {
    let revealed: { evmPrivateKey: string; solanaSecretKey: string } | undefined;
    let wrong = '';
    const h = startFrameHarness({
      exportScreen: {
        run: async (flow: ExportFlow) => {
          await expect(flow.reveal('123456')).rejects.toThrow('No key export is pending');
          await flow.sendCode();
          wrong = await flow.reveal('000000').then(
            () => '',
            (error: Error) => error.message,
          );
          revealed = await flow.reveal('123456');
        },
      },
    });
    open.push(h);
    await h.call('ConnectEmail', { email: 'ada@example.com' });
    await h.call('ConnectOtp', { otp: '123456' });
    expect((await h.call('ExportKey')).ok).toBe(true);
    expect(wrong).toBe('Invalid code');
    expect(privateKeyToAccount(revealed!.evmPrivateKey as `0x${string}`).address).toBe(h.api.user.evmAddress);
    const secret = base58Decode(revealed!.solanaSecretKey)!;
    expect(secret).toHaveLength(64);
    expect(ed25519.getPublicKey(secret.subarray(0, 32))).toEqual(base58Decode(h.api.user.solanaAddress!));
    expect(JSON.stringify(h.received)).not.toContain(revealed!.evmPrivateKey.slice(2));
  });

  it('UpdateEmail goes through the primary and secondary codes and answers the new e-mail', async () => {
    const h = startFrameHarness();
    open.push(h);
    expect((await h.call('UpdateEmailPrimaryOtp', { otp: '111111' })).error?.message).toBe(
      'No e-mail change is pending: call UpdateEmail first',
    );
    await h.call('ConnectEmail', { email: 'ada@example.com' });
    await h.call('ConnectOtp', { otp: '123456' });
    expect((await h.call('UpdateEmail', { email: 'grace@example.com' })).payload).toEqual({ action: 'VERIFY_PRIMARY_OTP' });
    expect((await h.call('UpdateEmailPrimaryOtp', { otp: '111111' })).payload).toEqual({ action: 'VERIFY_SECONDARY_OTP' });
    expect((await h.call('UpdateEmailSecondaryOtp', { otp: '222222' })).payload).toEqual({ newEmail: 'grace@example.com' });
  });

  it("sends the modal's locale with each request that mails a code: export start, e-mail change start and primary", async () => {
    const h = startFrameHarness({ exportScreen: { run: async (flow: ExportFlow) => flow.sendCode() } });
    open.push(h);
    await h.call('SyncDappData', { projectId: 'w3kit-dev', sdkVersion: '4', networks: [], locale: 'ar' });
    await h.call('ConnectEmail', { email: 'ada@example.com' });
    await h.call('ConnectOtp', { otp: '123456' });
    await h.call('ExportKey');
    await h.call('UpdateEmail', { email: 'grace@example.com' });
    await h.call('UpdateEmailPrimaryOtp', { otp: '111111' });
    const bodyOf = (path: string) => JSON.parse(h.api.sent.find((s) => s.path === path)!.body) as Record<string, unknown>;
    expect(exportStartBody.parse(bodyOf('/export/start'))).toEqual({ locale: 'ar' });
    expect(emailChangeStartBody.parse(bodyOf('/email/change/start'))).toEqual({ email: 'grace@example.com', locale: 'ar' });
    expect(emailChangePrimaryBody.parse(bodyOf('/email/change/primary'))).toMatchObject({ otp: '111111', locale: 'ar' });
  });
});
