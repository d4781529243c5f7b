/**
 * The modal keeps the frame in its language (spec 7: sync dapp data): the locale goes with the
 * dapp data once the frame is initialized, and again on every change while it lives, so the
 * frame's screens follow a switch made while one is shown; none goes to a destroyed frame.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFrameDouble, type FrameDouble } from '../../test-utils/frame-double.js';
import { networks } from '../../wire/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { initNetworks } from '../network/networks.js';
import { $locale } from '../ui/locale.js';
import { dappDataPayload, destroyFrame, ensureFrame, frameRequest, setBridgeLoader } from './frame.js';

let frame: FrameDouble;
const locales = () => frame.calls.filter((c) => c.type === 'SyncDappData').map((c) => (c.payload as { locale?: string }).locale);
const until = async (check: () => boolean, ms = 2000): Promise<void> => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`condition not reached: ${JSON.stringify(locales())}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

beforeEach(() => {
  resetOptions();
  $locale.set('en');
  frame = installFrameDouble({ SyncDappData: () => ({}), SyncTheme: () => ({}), GetChainId: () => ({ chainId: '31337' }) });
  setOptions({ projectId: 'w3kit-dev', networks: [networks.localhost], secureSiteUrl: 'http://127.0.0.1:4303', features: { email: true } });
  initNetworks();
});

afterEach(() => {
  destroyFrame();
  setBridgeLoader(undefined);
  $locale.set('en');
});

describe('the frame hears the locale', () => {
  it('on load, then on every change (German, Arabic), and no more once the frame is gone', async () => {
    await ensureFrame();
    await frameRequest('GetChainId', {});
    expect(locales()).toEqual(['en']);
    $locale.set('de');
    $locale.set('ar');
    await until(() => locales().length === 3);
    expect(locales()).toEqual(['en', 'de', 'ar']);
    // The whole dapp data each time: the frame replaces what it had.
    expect(frame.calls.filter((c) => c.type === 'SyncDappData').at(-1)?.payload).toMatchObject({ projectId: 'w3kit-dev', sdkVersion: '4' });
    destroyFrame();
    $locale.set('fr');
    await new Promise((r) => setTimeout(r, 20));
    expect(locales()).toEqual(['en', 'de', 'ar']);
  });

  it("carries the Blockchain API the frame's smart accounts use, when the app has one", async () => {
    expect(dappDataPayload().apiUrl).toBeUndefined();
    setOptions({
      projectId: 'w3kit-dev',
      networks: [networks.localhost],
      blockchainApiUrl: 'http://127.0.0.1:4301',
      features: { email: true },
    });
    expect(dappDataPayload()).toMatchObject({ projectId: 'w3kit-dev', apiUrl: 'http://127.0.0.1:4301' });
  });

  it('a change while the first dapp data is on its way is sent after it', async () => {
    let answer!: (v: unknown) => void;
    frame.handlers.SyncDappData = () => new Promise((r) => (answer = r));
    await ensureFrame();
    await until(() => locales().length === 1);
    $locale.set('he');
    answer({});
    frame.handlers.SyncDappData = () => ({});
    await until(() => locales().length === 2);
    expect(locales()).toEqual(['en', 'he']);
  });
});
