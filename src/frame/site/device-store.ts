/**
 * What the frame keeps in its origin's IndexedDB: a random device id (created once), the session
 * token, the last chain id, and per user the DEVICE share (x = 1), encrypted with AES-GCM under a
 * non-extractable WebCrypto key stored in the same database (it survives reloads and stays
 * non-extractable; the page's origin cannot open this database at all). A corrupt record is
 * dropped and reads as absent, so the user logs in again; nothing here throws on bad data.
 */
import { base64UrlEncode, wipe } from '../keys/bytes.js';
import { SHARE_SIZE } from '../keys/shamir.js';

export interface DeviceStore {
  deviceId(): Promise<string>;
  getToken(): Promise<string | undefined>;
  setToken(token: string | undefined): Promise<void>;
  getChainId(): Promise<string | undefined>;
  setChainId(chainId: string): Promise<void>;
  getDeviceShare(userId: string): Promise<Uint8Array | undefined>;
  setDeviceShare(userId: string, share: Uint8Array): Promise<void>;
}

/** The IndexedDB store, which can also take over a device id made before it could be opened (frame-storage.ts). */
export interface PersistentDeviceStore extends DeviceStore {
  adoptDeviceId(id: string): Promise<void>;
}

const STORE = 'records';
const WRAP_KEY = 'wrap-key';
const ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
const CHAIN_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  const req = factory.open(name, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE);
  return request(req);
}

interface WrappedShare {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

function isWrappedShare(value: unknown): value is WrappedShare {
  if (typeof value !== 'object' || value === null) return false;
  const { iv, data } = value as Partial<WrappedShare>;
  return iv instanceof Uint8Array && iv.length === 12 && data instanceof ArrayBuffer && data.byteLength === SHARE_SIZE + 16;
}

/**
 * The store on the frame origin's IndexedDB database `name`, through `factory` (the window's, or
 * the one a Storage Access API handle gives).
 */
export function openDeviceStore(name = 'w3kit-frame', factory: IDBFactory = indexedDB): PersistentDeviceStore {
  let db: Promise<IDBDatabase> | undefined;
  let wrapKey: Promise<CryptoKey> | undefined;
  let deviceId: Promise<string> | undefined;

  const database = (): Promise<IDBDatabase> => (db ??= openDatabase(factory, name));
  const read = async (key: string): Promise<unknown> => request((await database()).transaction(STORE).objectStore(STORE).get(key));
  const write = async (key: string, value: unknown): Promise<void> => {
    await request((await database()).transaction(STORE, 'readwrite').objectStore(STORE).put(value, key));
  };
  const remove = async (key: string): Promise<void> => {
    await request((await database()).transaction(STORE, 'readwrite').objectStore(STORE).delete(key));
  };
  /** A string record matching `pattern`; anything else is dropped. */
  const readString = async (key: string, pattern: RegExp): Promise<string | undefined> => {
    const value = await read(key);
    if (value === undefined) return undefined;
    if (typeof value === 'string' && pattern.test(value)) return value;
    await remove(key);
    return undefined;
  };

  const loadWrapKey = async (): Promise<CryptoKey> => {
    const stored = await read(WRAP_KEY);
    if (stored instanceof CryptoKey && stored.algorithm.name === 'AES-GCM' && !stored.extractable) return stored;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await write(WRAP_KEY, key);
    return key;
  };

  const shareKey = (userId: string): string => `share:${userId}`;
  const additionalData = (userId: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(`w3kit device share\nuser: ${userId}`);

  return {
    deviceId: () =>
      (deviceId ??= (async () => {
        const existing = await readString('device-id', ID_PATTERN);
        if (existing) return existing;
        const created = base64UrlEncode(crypto.getRandomValues(new Uint8Array(16)));
        await write('device-id', created);
        return created;
      })()),
    async adoptDeviceId(id) {
      if (!ID_PATTERN.test(id)) return;
      await write('device-id', id);
      deviceId = Promise.resolve(id);
    },
    getToken: () => readString('token', /^[\x21-\x7e]{32,128}$/),
    setToken: (token) => (token === undefined ? remove('token') : write('token', token)),
    getChainId: () => readString('chain-id', CHAIN_PATTERN),
    setChainId: (chainId) => write('chain-id', chainId),
    async getDeviceShare(userId) {
      const key = shareKey(userId);
      const record = await read(key);
      if (record === undefined) return undefined;
      try {
        if (!isWrappedShare(record)) throw new Error('malformed');
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: record.iv, additionalData: additionalData(userId) },
          await (wrapKey ??= loadWrapKey()),
          record.data,
        );
        const share = new Uint8Array(plain);
        if (share.length !== SHARE_SIZE || share[0] !== 1) {
          wipe(share);
          throw new Error('not a device share');
        }
        return share;
      } catch (error) {
        console.warn('w3kit frame: dropped an unreadable device share', error);
        await remove(key);
        return undefined;
      }
    },
    async setDeviceShare(userId, share) {
      const copy = new Uint8Array(share);
      const iv = crypto.getRandomValues(new Uint8Array(12));
      let data: ArrayBuffer;
      try {
        data = await crypto.subtle.encrypt(
          { name: 'AES-GCM', iv, additionalData: additionalData(userId) },
          await (wrapKey ??= loadWrapKey()),
          copy,
        );
      } finally {
        wipe(copy);
      }
      await write(shareKey(userId), { iv, data } satisfies WrappedShare);
    },
  };
}
