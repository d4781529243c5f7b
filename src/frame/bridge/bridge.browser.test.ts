/**
 * The host bridge against a REAL cross-origin frame: a test double of the frame site
 * (test/frame-double, not the real site) served from the other loopback name, so the page and
 * the frame are different origins (localhost vs 127.0.0.1).
 */
import { expect } from 'chai';
import { clearLogs, getLogLevel, getLogs, setLogLevel } from '../../core/logger.js';
import { FRAME_ERROR_TEXT, type FrameTimeoutKind } from '../constants.js';
import type { FrameEvent } from '../messages.js';
import { createFrameBridge, type FrameBridge, type FrameBridgeOptions } from './bridge.js';

const here = new URL(location.href);
const otherHost = here.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
const FRAME_ORIGIN = `${here.protocol}//${otherHost}:${here.port}`;
const SAME_ORIGIN_DOUBLE = `${here.origin}/test/frame-double/`;
const DOUBLE = `${FRAME_ORIGIN}/test/frame-double/`;

const bridges: FrameBridge[] = [];
const frames: HTMLIFrameElement[] = [];

function open(options: Partial<FrameBridgeOptions> = {}): { bridge: FrameBridge; timeouts: FrameTimeoutKind[]; events: FrameEvent[] } {
  const timeouts: FrameTimeoutKind[] = [];
  const events: FrameEvent[] = [];
  const bridge = createFrameBridge({
    secureSiteUrl: DOUBLE,
    projectId: 'w3kit-dev',
    onTimeout: (kind) => timeouts.push(kind),
    onEvent: (event) => events.push(event),
    ...options,
  });
  bridges.push(bridge);
  document.body.append(bridge.iframe);
  return { bridge, timeouts, events };
}

/** The double's reports (`{ double: ... }`) from one window, as they arrive. */
function reportsFrom(win: () => Window | null): { double: string; [k: string]: unknown }[] {
  const seen: { double: string }[] = [];
  window.addEventListener('message', (e) => {
    if (e.source === win() && e.data && typeof e.data === 'object' && 'double' in e.data) seen.push(e.data as { double: string });
  });
  return seen;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rejection = (p: Promise<unknown>): Promise<Error> =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: Error) => e,
  );

const logLevel = getLogLevel();
afterEach(() => {
  setLogLevel(logLevel);
  for (const b of bridges.splice(0)) b.destroy();
  for (const f of frames.splice(0)) f.remove();
});

describe('frame bridge (real cross-origin test double)', () => {
  it('creates the hidden iframe with the frame URL, title, allow and sandbox', () => {
    const { bridge } = open();
    expect(bridge.origin).to.equal(FRAME_ORIGIN);
    expect(bridge.iframe.src).to.equal(`${DOUBLE}?projectId=w3kit-dev`);
    expect(bridge.iframe.title).to.equal('Embedded wallet');
    expect(bridge.iframe.getAttribute('allow')).to.equal('clipboard-write; publickey-credentials-create; publickey-credentials-get');
    expect(bridge.iframe.getAttribute('sandbox')).to.equal('allow-scripts allow-same-origin allow-forms allow-popups');
  });

  it('does the handshake with the pinned origin, then answers over the port', async () => {
    const { bridge } = open();
    const reports = reportsFrom(() => bridge.iframe.contentWindow);
    await bridge.ready;
    await sleep(100); // the double's report travels on window.postMessage, apart from the port
    expect(reports.find((r) => r.double === 'hello')?.origin).to.equal(here.origin);
    const started = Date.now();
    await bridge.initialized;
    expect(Date.now() - started).to.be.greaterThan(100);
    expect(await bridge.request('ConnectEmail', { email: 'a@example.com' })).to.deep.equal({ action: 'VERIFY_OTP' });
  });

  it('ignores a frame-ready from another window (a decoy frame of the same origin gets no hello)', async () => {
    const { bridge } = open();
    const decoy = document.createElement('iframe');
    frames.push(decoy);
    decoy.src = `${DOUBLE}?projectId=decoy`;
    const reports = reportsFrom(() => decoy.contentWindow);
    document.body.append(decoy);
    await bridge.ready;
    await sleep(400);
    expect(reports.map((r) => r.double)).to.not.include('hello');
  });

  it('ignores a frame-ready from the page itself', async () => {
    const { bridge } = open({ secureSiteUrl: DOUBLE, projectId: 'silent', limits: { loadMs: 400 } });
    window.postMessage({ w3kit: 'frame-ready', version: '1' }, '*');
    const err = await rejection(bridge.ready);
    expect(err.message).to.equal('Network Error - Could not load embedded wallet');
  });

  it('ignores a frame-ready from the right window at the wrong origin (no hello, load fails)', async () => {
    const { bridge, timeouts } = open({ limits: { loadMs: 600 } });
    // The iframe navigates to the same-origin double: its window is the iframe's, its origin is not pinned.
    bridge.iframe.src = `${SAME_ORIGIN_DOUBLE}?projectId=w3kit-dev`;
    const reports = reportsFrom(() => bridge.iframe.contentWindow);
    await rejection(bridge.ready);
    expect(reports.map((r) => r.double)).to.not.include('hello');
    expect(timeouts).to.deep.equal(['iframe_load_failed']);
  });

  it('posts the hello to the pinned origin only, never "*"', async () => {
    // A same-origin frame, so the test can watch what the bridge posts to it.
    const { bridge } = open({ secureSiteUrl: SAME_ORIGIN_DOUBLE, projectId: 'silent', limits: { loadMs: 5000 } });
    await new Promise((r) => bridge.iframe.addEventListener('load', r, { once: true }));
    const frameWindow = bridge.iframe.contentWindow as Window & typeof globalThis;
    const posted: unknown[][] = [];
    const original = frameWindow.postMessage.bind(frameWindow);
    frameWindow.postMessage = ((...args: unknown[]) => {
      posted.push(args);
      return (original as (...a: unknown[]) => void)(...args);
    }) as typeof frameWindow.postMessage;
    // The ready message comes from the frame's own realm, so its source is the frame's window.
    new frameWindow.Function('parent.postMessage({ w3kit: "frame-ready", version: "1" }, "*")')();
    await bridge.ready;
    expect(posted).to.have.length(1);
    expect(posted[0]![0]).to.deep.equal({ w3kit: 'host-hello', version: '4' });
    expect(posted[0]![1]).to.equal(here.origin);
  });

  it('drops and logs malformed replies and events, and takes the well-formed ones', async () => {
    setLogLevel('warn');
    clearLogs();
    const { bridge, events } = open();
    expect(await bridge.request('GetChainId', {})).to.deep.equal({ chainId: 'eip155:1' });
    await bridge.request('SyncTheme', { themeMode: 'dark' });
    expect(events).to.deep.equal([{ kind: 'event', type: 'Height', height: 321 }]);
    const dropped = getLogs().filter((r) => r.message.startsWith('Dropped a frame message'));
    expect(dropped.length).to.be.greaterThanOrEqual(5);
  });

  it('rejects an error reply without a message with "An error occurred", and keeps the frame\'s own words', async () => {
    const { bridge } = open();
    expect((await rejection(bridge.request('SignOut', {}))).message).to.equal(FRAME_ERROR_TEXT.noMessage);
    const err = await rejection(bridge.request('SwitchNetwork', { chainId: 'eip155:10' }));
    expect(err.message).to.equal('Unsupported chain');
    expect((err as Error & { code?: number }).code).to.equal(4902);
  });

  it('reports the layout on the port once ready; a malformed one is dropped and logged, never sent', async () => {
    setLogLevel('warn');
    clearLogs();
    const { bridge } = open();
    const reports = reportsFrom(() => bridge.iframe.contentWindow);
    const layout = { kind: 'layout' as const, rect: { x: 1, y: 2, width: 360, height: 300 }, clipped: false, animating: false };
    await bridge.ready;
    bridge.report(layout);
    bridge.report({ ...layout, rect: { ...layout.rect, height: Number.NaN } });
    bridge.report({ ...layout, kind: 'other' } as unknown as typeof layout);
    await sleep(150);
    expect(reports.filter((r) => r.double === 'layout').map((r) => r.layout)).to.deep.equal([layout]);
    expect(getLogs().filter((l) => l.message.includes('malformed layout'))).to.have.length(2);
  });

  it('refuses a request whose payload does not match its schema, before sending it', async () => {
    const { bridge } = open();
    const reports = reportsFrom(() => bridge.iframe.contentWindow);
    await bridge.ready;
    const err = await rejection(bridge.request('ConnectEmail', { email: 'not-an-email' }));
    expect(err.message).to.contain('Invalid ConnectEmail request');
    await sleep(100);
    expect(reports.filter((r) => r.double === 'request')).to.have.length(0);
  });

  it('times out loading: onTimeout(iframe_load_failed), pending requests aborted', async () => {
    const { bridge, timeouts } = open({ projectId: 'silent', limits: { loadMs: 300 } });
    const auth = rejection(bridge.request('IsConnected', {}));
    const rpc = rejection(bridge.request('RpcRequest', { namespace: 'eip155', chainId: 'eip155:1', method: 'personal_sign', params: [] }));
    expect((await auth).message).to.equal(FRAME_ERROR_TEXT.aborted);
    expect((await rpc).message).to.equal(FRAME_ERROR_TEXT.rpcAborted);
    expect(timeouts).to.deep.equal(['iframe_load_failed']);
  });

  it('times out a request with no reply: onTimeout(iframe_request_timeout), everything pending aborted', async () => {
    const { bridge, timeouts } = open({ limits: { requestMs: 300 } });
    const unsafe = rejection(bridge.request('RpcRequest', { namespace: 'eip155', chainId: 'eip155:1', method: 'personal_sign' }));
    const err = await rejection(bridge.request('IsConnected', {}));
    expect(err.message).to.equal(FRAME_ERROR_TEXT.aborted);
    expect(timeouts).to.deep.equal(['iframe_request_timeout']);
    expect((await unsafe).message).to.equal(FRAME_ERROR_TEXT.rpcAborted);
  });

  it('gives unsafe RPC requests no timeout while the user decides', async () => {
    const { bridge, timeouts } = open({ limits: { requestMs: 200 } });
    let settled = false;
    const unsafe = bridge.request('RpcRequest', { namespace: 'eip155', chainId: 'eip155:1', method: 'eth_sendTransaction' });
    unsafe.then(
      () => (settled = true),
      () => (settled = true),
    );
    await sleep(500);
    expect(settled).to.equal(false);
    expect(timeouts).to.deep.equal([]);
    bridge.abort(true);
    expect((await rejection(unsafe)).message).to.equal('Request was aborted');
  });

  it('abort(rpcOnly) aborts only the unsafe RPC requests', async () => {
    const { bridge } = open();
    await bridge.ready;
    let authSettled = false;
    const auth = bridge.request('IsConnected', {});
    auth.catch(() => undefined).finally(() => (authSettled = true));
    const unsafe = rejection(bridge.request('RpcRequest', { namespace: 'solana', chainId: 'solana:devnet', method: 'solana_signMessage' }));
    await sleep(50);
    bridge.abort(true);
    expect((await unsafe).message).to.equal('Request was aborted');
    await sleep(50);
    expect(authSettled).to.equal(false);
    bridge.abort();
    expect((await rejection(auth)).message).to.equal('Something went wrong');
  });

  it('caps the pending requests', async () => {
    const { bridge } = open({ limits: { maxPending: 3 } });
    await bridge.ready;
    const held = [1, 2, 3].map(() => bridge.request('IsConnected', {}).catch((e: Error) => e));
    const err = await rejection(bridge.request('IsConnected', {}));
    expect(err.message).to.contain('Too many pending');
    bridge.abort();
    await Promise.all(held);
  });

  it('after destroy: requests reject with "W3mFrame: iframe is not set" and the iframe is gone', async () => {
    const { bridge } = open();
    await bridge.ready;
    bridge.destroy();
    expect(bridge.iframe.isConnected).to.equal(false);
    expect((await rejection(bridge.request('IsConnected', {}))).message).to.equal(FRAME_ERROR_TEXT.noIframe);
  });

  it('waits for the modal to mount the iframe before the load timeout counts', async () => {
    const timeouts: FrameTimeoutKind[] = [];
    const bridge = createFrameBridge({
      secureSiteUrl: DOUBLE,
      projectId: 'w3kit-dev',
      onTimeout: (k) => timeouts.push(k),
      limits: { loadMs: 1000 },
    });
    bridges.push(bridge);
    await sleep(2500);
    expect(timeouts).to.deep.equal([]);
    document.body.append(bridge.iframe);
    await bridge.ready;
    expect(timeouts).to.deep.equal([]);
  });
});
