/**
 * The device store of a frame the browser keeps no storage for (a cross-site frame with
 * third-party storage blocked, the Storage Access API refused): the same records as the IndexedDB
 * store, for the life of the page only. Each device share is encrypted with AES-GCM under a
 * non-extractable WebCrypto key made for this page, so the plain share sits in memory only while
 * it is used. `moveTo` hands the records to a persistent store once the browser grants storage.
 */
import { base64UrlEncode, wipe } from '../keys/bytes.js';
import { SHARE_SIZE } from '../keys/shamir.js';
import type { DeviceStore, PersistentDeviceStore } from './device-store.js';

/** At most this many users' shares are kept (one page logs in one user; a few switches at most). */
const MAX_SHARES = 8;

export interface MemoryDeviceStore extends DeviceStore {
  /** Copies every record (device id, token, chain, shares) into `target`. */
  moveTo(target: PersistentDeviceStore): Promise<void>;
}

const additionalData = (userId: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(`w3kit device share\nuser: ${userId}`);

export function openMemoryStore(): MemoryDeviceStore {
  let id: string | undefined;
  let token: string | undefined;
  let chainId: string | undefined;
  const shares = new Map<string, { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer }>();
  let key: Promise<CryptoKey> | undefined;
  const wrapKey = (): Promise<CryptoKey> =>
    (key ??= crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']) as Promise<CryptoKey>);

  const store: MemoryDeviceStore = {
    async deviceId() {
      return (id ??= base64UrlEncode(crypto.getRandomValues(new Uint8Array(16))));
    },
    async getToken() {
      return token;
    },
    async setToken(next) {
      token = next;
    },
    async getChainId() {
      return chainId;
    },
    async setChainId(next) {
      chainId = next;
    },
    async getDeviceShare(userId) {
      const record = shares.get(userId);
      if (!record) return undefined;
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: record.iv, additionalData: additionalData(userId) },
        await wrapKey(),
        record.data,
      );
      const share = new Uint8Array(plain);
      if (share.length === SHARE_SIZE && share[0] === 1) return share;
      wipe(share);
      shares.delete(userId);
      return undefined;
    },
    async setDeviceShare(userId, share) {
      const copy = new Uint8Array(share);
      const iv = crypto.getRandomValues(new Uint8Array(12));
      try {
        const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: additionalData(userId) }, await wrapKey(), copy);
        shares.delete(userId);
        if (shares.size >= MAX_SHARES) shares.delete(shares.keys().next().value as string);
        shares.set(userId, { iv, data });
      } finally {
        wipe(copy);
      }
    },
    async moveTo(target) {
      if (id) await target.adoptDeviceId(id);
      if (token) await target.setToken(token);
      if (chainId) await target.setChainId(chainId);
      for (const userId of [...shares.keys()]) {
        const share = await store.getDeviceShare(userId);
        if (!share) continue;
        try {
          await target.setDeviceShare(userId, share);
        } finally {
          wipe(share);
        }
      }
    },
  };
  return store;
}
