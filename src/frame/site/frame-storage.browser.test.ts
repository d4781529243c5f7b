/**
 * Whether the frame keeps its data, in Chromium (real IndexedDB and WebCrypto): 'persistent' where
 * IndexedDB opens; where it is refused, 'ask' with the Storage Access API, else 'session' with the
 * memory store (the share under a non-extractable key); a grant moves the records into IndexedDB;
 * a refused grant ends in 'session'; no call throws the browser's words.
 */
import { expect } from 'chai';
import { W3Error } from '../../core/errors/base.js';
import { splitSecret } from '../keys/shamir.js';
import { openDeviceStore } from './device-store.js';
import { openFrameStorage } from './frame-storage.js';
import { openMemoryStore } from './memory-store.js';
import { FRAME_REPLY_TEXT } from './texts.js';

const names: string[] = [];
const freshName = (): string => {
  const name = `w3kit-frame-storage-test-${crypto.randomUUID()}`;
  names.push(name);
  return name;
};

/** An IndexedDB that refuses as Chromium does for a cross-site frame with third-party storage blocked. */
const refusingFactory = {
  open() {
    const req = {
      error: new DOMException('The user denied permission to access the database.', 'UnknownError'),
    } as unknown as IDBOpenDBRequest;
    setTimeout(() => (req as unknown as { onerror?: () => void }).onerror?.());
    return req;
  },
} as unknown as IDBFactory;

/** An IndexedDB whose open never answers (a blocked handle can hang). */
const hangingFactory = { open: () => ({}) as IDBOpenDBRequest } as unknown as IDBFactory;

describe('frame storage', () => {
  after(() => {
    for (const name of names) indexedDB.deleteDatabase(name);
  });

  it("is 'persistent' where IndexedDB opens, and its store keeps records across opens", async () => {
    const name = freshName();
    const storage = await openFrameStorage({ name, doc: {} });
    expect(storage.mode()).to.equal('persistent');
    await storage.store.setToken('t'.repeat(40));
    expect(await openDeviceStore(name).getToken()).to.equal('t'.repeat(40));
  });

  it("is 'session' where IndexedDB is refused and no Storage Access API exists; the login's records live in memory", async () => {
    const storage = await openFrameStorage({ name: freshName(), doc: {}, factory: refusingFactory, granted: async () => false });
    expect(storage.mode()).to.equal('session');
    const [device] = splitSecret(crypto.getRandomValues(new Uint8Array(32)));
    await storage.store.setDeviceShare('user-0001', device!);
    expect(await storage.store.getDeviceShare('user-0001')).to.deep.equal(device);
    expect(await storage.store.deviceId()).to.match(/^[A-Za-z0-9_-]{22}$/);
    expect(await storage.request()).to.equal('session');
  });

  it("is 'ask' with the Storage Access API; a grant moves device id, token, chain and share into IndexedDB", async () => {
    const name = freshName();
    let asked = 0;
    const doc = {
      requestStorageAccess: async () => {
        asked++;
        return { indexedDB };
      },
    };
    const storage = await openFrameStorage({ name, doc, factory: refusingFactory, granted: async () => false });
    expect(storage.mode()).to.equal('ask');
    expect(asked).to.equal(0);
    const id = await storage.store.deviceId();
    const [device] = splitSecret(crypto.getRandomValues(new Uint8Array(32)));
    await storage.store.setDeviceShare('user-0002', device!);
    await storage.store.setToken('k'.repeat(40));
    await storage.store.setChainId('eip155:31337');
    expect(await storage.request()).to.equal('persistent');
    expect(asked).to.equal(1);
    expect(storage.mode()).to.equal('persistent');
    const reopened = openDeviceStore(name);
    expect(await reopened.deviceId()).to.equal(id);
    expect(await reopened.getToken()).to.equal('k'.repeat(40));
    expect(await reopened.getChainId()).to.equal('eip155:31337');
    expect(await reopened.getDeviceShare('user-0002')).to.deep.equal(device);
  });

  it('takes a grant given on an earlier visit at start, without a click', async () => {
    const name = freshName();
    const storage = await openFrameStorage({
      name,
      doc: { requestStorageAccess: async () => ({ indexedDB }) },
      factory: refusingFactory,
      granted: async () => true,
    });
    expect(storage.mode()).to.equal('persistent');
  });

  it("ends in 'session' when the browser refuses the grant or its storage hangs, and 'Not now' asks no more", async () => {
    const refused = await openFrameStorage({
      name: freshName(),
      doc: { requestStorageAccess: () => Promise.reject(new DOMException('requestStorageAccess not allowed', 'NotAllowedError')) },
      factory: refusingFactory,
      granted: async () => false,
    });
    expect(await refused.request()).to.equal('session');
    expect(refused.mode()).to.equal('session');
    await refused.store.setToken('s'.repeat(40));
    expect(await refused.store.getToken()).to.equal('s'.repeat(40));

    const hanging = await openFrameStorage({
      name: freshName(),
      doc: { requestStorageAccess: async () => ({ indexedDB: hangingFactory }) },
      factory: refusingFactory,
      granted: async () => false,
      probeMs: 200,
    });
    expect(await hanging.request()).to.equal('session');

    const declined = await openFrameStorage({
      name: freshName(),
      doc: { requestStorageAccess: async () => undefined },
      factory: refusingFactory,
      granted: async () => false,
    });
    declined.decline();
    expect(declined.mode()).to.equal('session');
  });

  it("says a failing storage call in the frame's words, never the browser's", async () => {
    // The real IndexedDB, whose connection the test closes after the probe (as a browser clearing site data would).
    let opened: IDBDatabase | undefined;
    const closingFactory = {
      open(name: string, version?: number) {
        const req = indexedDB.open(name, version);
        req.addEventListener('success', () => (opened = req.result));
        return req;
      },
    } as unknown as IDBFactory;
    const storage = await openFrameStorage({ name: freshName(), doc: {}, factory: closingFactory });
    expect(storage.mode()).to.equal('persistent');
    opened!.close();
    const error = await storage.store.setToken('x'.repeat(40)).then(
      () => new Error('no refusal'),
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(W3Error);
    expect((error as W3Error).shortMessage).to.equal(FRAME_REPLY_TEXT.storageRefused);
  });

  it('keeps a memory share encrypted under a non-extractable key, at most 8 users', async () => {
    const store = openMemoryStore();
    const shares = Array.from({ length: 9 }, () => splitSecret(crypto.getRandomValues(new Uint8Array(32)))[0]!);
    for (const [i, share] of shares.entries()) await store.setDeviceShare(`user-${i}`, share);
    expect(await store.getDeviceShare('user-0')).to.equal(undefined);
    expect(await store.getDeviceShare('user-8')).to.deep.equal(shares[8]);
  });
});
