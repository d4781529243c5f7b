/**
 * The CDN's siwx.js (dist/cdn, built before this runs) in Chromium: a page loading only w3kit.js
 * never fetches it; loaded, it exports what `w3kit/siwx` does, shares w3kit.js's error classes,
 * and signs in with the page's own localStorage, location and a lazily loaded signature chunk.
 */
import { expect } from 'chai';
import { ed25519 } from '@noble/curves/ed25519';
import { base58Encode } from '../wire/base58.js';

interface Manifest {
  chunks: Record<string, { imports: string[]; dynamicImports: string[] }>;
}
interface SiwxModule {
  createBrowserSiwx(options?: object): {
    createMessage(input: { accountAddress: string; chainId: string }): Promise<Record<string, unknown> & { toString(): string }>;
    addSession(session: object): Promise<void>;
    getSessions(chainId: string, address: string): Promise<unknown[]>;
    revokeSession(chainId: string, address: string): Promise<void>;
  };
  createServerSiwx: unknown;
  buildSiwxMessage: unknown;
  SiwxError: new (message: string) => Error;
}

const requested = (name: string): boolean => performance.getEntriesByType('resource').some((e) => e.name.endsWith(name));

describe('CDN siwx.js', () => {
  before(async () => {
    performance.setResourceTimingBufferSize(100_000);
    await import('/dist/cdn/w3kit.js' as string);
  });

  it('is not reached from w3kit.js, statically or lazily, nor fetched by a page loading w3kit.js', async () => {
    const { chunks } = (await (await fetch('/dist/cdn/manifest.json')).json()) as Manifest;
    const reached = new Set<string>();
    const walk = (file: string): void => {
      if (reached.has(file) || !chunks[file]) return;
      reached.add(file);
      for (const dep of [...chunks[file]!.imports, ...chunks[file]!.dynamicImports]) walk(dep);
    };
    walk('w3kit.js');
    expect(reached.size).to.be.greaterThan(10);
    expect([...reached]).not.to.include('siwx.js');
    expect(chunks['siwx.js']!.imports).to.include('w3kit.js');
    expect(requested('/siwx.js')).to.equal(false);
  });

  it('exports the w3kit/siwx functions, its errors being w3kit.js error classes', async () => {
    const siwx = (await import('/dist/cdn/siwx.js' as string)) as SiwxModule;
    expect(siwx.createBrowserSiwx).to.be.a('function');
    expect(siwx.createServerSiwx).to.be.a('function');
    expect(siwx.buildSiwxMessage).to.be.a('function');
    const { W3Error } = (window as unknown as { w3kit: { W3Error: new (m: string) => Error } }).w3kit;
    expect(new siwx.SiwxError('x')).to.be.instanceOf(W3Error);
  });

  it('signs in on solana with the page storage and location, loading the signature chunk on the first sign-in', async () => {
    const { createBrowserSiwx } = (await import('/dist/cdn/siwx.js' as string)) as SiwxModule;
    localStorage.removeItem('w3kit.siwx.sessions');
    const siwx = createBrowserSiwx({ statement: 'Sign in to the test page' });
    const secret = ed25519.utils.randomPrivateKey();
    const address = base58Encode(ed25519.getPublicKey(secret));
    const chainId = 'solana:9RBqoiFs7cLT5bbZ4bKGEFZgvmojsDxM';
    const message = await siwx.createMessage({ accountAddress: address, chainId });
    expect(message['domain']).to.equal(location.host);
    expect(message['uri']).to.equal(location.origin);
    const { toString: _text, ...data } = message;
    const text = message.toString();
    const session = { data, message: text, signature: base58Encode(ed25519.sign(new TextEncoder().encode(text), secret)) };
    expect(performance.getEntriesByType('resource').some((e) => e.name.includes('/chunks/signature-'))).to.equal(false);
    await siwx.addSession(session);
    expect(performance.getEntriesByType('resource').some((e) => e.name.includes('/chunks/signature-'))).to.equal(true);
    expect(await siwx.getSessions(chainId, address)).to.deep.equal([session]);
    expect(JSON.parse(localStorage.getItem('w3kit.siwx.sessions')!)).to.have.length(1);
    await siwx.revokeSession(chainId, address);
    expect(localStorage.getItem('w3kit.siwx.sessions')).to.equal(null);
  });
});
