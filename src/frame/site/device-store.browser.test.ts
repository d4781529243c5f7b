/** The frame's IndexedDB device store in Chromium: real IndexedDB, real WebCrypto. */
import { expect } from 'chai';
import { splitSecret } from '../keys/shamir.js';
import { openDeviceStore } from './device-store.js';

const names: string[] = [];
function freshName(): string {
  const name = `w3kit-frame-test-${crypto.randomUUID()}`;
  names.push(name);
  return name;
}

async function rawRecords(name: string): Promise<IDBObjectStore> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(name, 1);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  return db.transaction('records', 'readwrite').objectStore('records');
}

function done<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

describe('frame device store (IndexedDB)', () => {
  after(() => {
    for (const name of names) indexedDB.deleteDatabase(name);
  });

  it('round-trips a device share, encrypted at rest, and keeps the device id across opens', async () => {
    const name = freshName();
    const store = openDeviceStore(name);
    const [device] = splitSecret(crypto.getRandomValues(new Uint8Array(32)));
    await store.setDeviceShare('user-0001', device);
    const id = await store.deviceId();
    expect(id).to.match(/^[A-Za-z0-9_-]{22}$/);

    const reopened = openDeviceStore(name);
    expect(Array.from((await reopened.getDeviceShare('user-0001'))!)).to.deep.equal(Array.from(device));
    expect(await reopened.deviceId()).to.equal(id);
    expect(await reopened.getDeviceShare('user-0002')).to.equal(undefined);

    const record = (await done((await rawRecords(name)).get('share:user-0001'))) as { data: ArrayBuffer };
    const stored = new Uint8Array(record.data);
    expect(stored.length).to.equal(33 + 16);
    expect(Array.from(stored.subarray(0, 33))).to.not.deep.equal(Array.from(device));
  });

  it('stores a wrapping key that cannot be exported', async () => {
    const name = freshName();
    const store = openDeviceStore(name);
    await store.setDeviceShare('user-0001', splitSecret(crypto.getRandomValues(new Uint8Array(32)))[0]);
    const key = (await done((await rawRecords(name)).get('wrap-key'))) as CryptoKey;
    expect(key).to.be.instanceOf(CryptoKey);
    expect(key.extractable).to.equal(false);
    let refused = false;
    await crypto.subtle.exportKey('raw', key).catch(() => {
      refused = true;
    });
    expect(refused).to.equal(true);
  });

  it('drops a corrupt share record, a share moved to another user, and a malformed token', async () => {
    const name = freshName();
    const store = openDeviceStore(name);
    await store.setDeviceShare('user-0001', splitSecret(crypto.getRandomValues(new Uint8Array(32)))[0]);
    const records = await rawRecords(name);
    const record = (await done(records.get('share:user-0001'))) as { iv: Uint8Array; data: ArrayBuffer };
    await done(records.put(record, 'share:user-0002'));
    await done(records.put({ iv: record.iv, data: new ArrayBuffer(49) }, 'share:user-0003'));
    await done(records.put('short', 'token'));

    const reopened = openDeviceStore(name);
    expect(await reopened.getDeviceShare('user-0002')).to.equal(undefined);
    expect(await reopened.getDeviceShare('user-0003')).to.equal(undefined);
    expect(await reopened.getToken()).to.equal(undefined);
    const after = await rawRecords(name);
    expect(await done(after.get('share:user-0002'))).to.equal(undefined);
    expect(await done(after.get('token'))).to.equal(undefined);
    expect(await reopened.getDeviceShare('user-0001')).to.not.equal(undefined);
  });

  it('keeps a token and a chain id', async () => {
    const store = openDeviceStore(freshName());
    const token = 'a'.repeat(43);
    await store.setToken(token);
    await store.setChainId('eip155:31337');
    expect(await store.getToken()).to.equal(token);
    expect(await store.getChainId()).to.equal('eip155:31337');
    await store.setToken(undefined);
    expect(await store.getToken()).to.equal(undefined);
  });
});
