import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptHost, type HandshakeEnv, type IncomingMessage } from './handshake.js';
import { settle } from './test-utils/frame-harness.js';

function environment(overrides: Partial<HandshakeEnv> = {}) {
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const parent = { postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) };
  let listener: ((m: IncomingMessage) => void) | undefined;
  const env: HandshakeEnv = {
    parent,
    parentOrigin: 'http://app.test',
    allowedOrigins: async () => ['http://app.test'],
    listen: (fn) => {
      listener = fn;
      return () => {
        listener = undefined;
      };
    },
    ...overrides,
  };
  return { env, parent, posted, deliver: (m: IncomingMessage) => listener?.(m), listening: () => listener !== undefined };
}

const hello = { w3kit: 'host-hello', version: '4' };

afterEach(() => vi.restoreAllMocks());

describe('frame handshake', () => {
  it('posts frame-ready to the pinned parent origin, acks the first valid hello, and stops listening', async () => {
    const t = environment();
    const accepted = acceptHost(t.env);
    await settle();
    expect(t.posted).toEqual([{ message: { w3kit: 'frame-ready', version: '4' }, targetOrigin: 'http://app.test' }]);
    const channel = new MessageChannel();
    const acks: unknown[] = [];
    channel.port2.onmessage = (event) => acks.push(event.data);
    t.deliver({ source: t.parent, origin: 'http://app.test', data: hello, ports: [channel.port1 as unknown as MessagePort] });
    expect(await accepted).toBe(channel.port1);
    await settle();
    expect(acks).toEqual([{ kind: 'ack' }]);
    expect(t.listening()).toBe(false); // a second hello reaches nobody
    channel.port1.close();
  });

  it('ignores a hello from another window or another origin, and a malformed one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = environment();
    let done = false;
    void acceptHost(t.env).then(() => (done = true));
    await settle();
    const channel = new MessageChannel();
    const acks: unknown[] = [];
    channel.port2.onmessage = (event) => acks.push(event.data);
    const port = channel.port1 as unknown as MessagePort;
    t.deliver({ source: {}, origin: 'http://app.test', data: hello, ports: [port] });
    t.deliver({ source: t.parent, origin: 'http://evil.test', data: hello, ports: [port] });
    t.deliver({ source: t.parent, origin: 'http://app.test', data: { w3kit: 'host-hello' }, ports: [port] });
    t.deliver({ source: t.parent, origin: 'http://app.test', data: hello, ports: [] });
    await settle();
    expect(done).toBe(false);
    expect(acks).toEqual([]);
    expect(t.listening()).toBe(true);
    channel.port1.close();
  });

  it('a parent whose origin the project does not allow gets nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = environment({ parentOrigin: 'http://evil.test' });
    expect(await acceptHost(t.env)).toBeUndefined();
    expect(t.posted).toEqual([]);
    expect(t.listening()).toBe(false);
    expect(warn.mock.calls[0]?.[0]).toContain('http://evil.test is not an allowed origin');
  });

  it('no parent, or the allowed origins failing to load, also gets nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const top = environment({ parent: undefined });
    expect(await acceptHost(top.env)).toBeUndefined();
    const failing = environment({ allowedOrigins: () => Promise.reject(new Error('offline')) });
    expect(await acceptHost(failing.env)).toBeUndefined();
    expect(failing.posted).toEqual([]);
  });
});
