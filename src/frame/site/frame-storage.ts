/**
 * Whether the frame can keep its data, found at start, and the device store that follows from it.
 * A frame on the dApp's own site (or a browser that partitions third-party storage) opens its
 * IndexedDB: 'persistent'. A cross-site frame whose browser blocks third-party storage (Chromium
 * with third-party cookies blocked, incognito) cannot; where the Storage Access API exists the
 * frame may ask for it, but only from the user's own click inside the frame: 'ask' (a grant given
 * on an earlier visit is taken at start without a click). Otherwise, or once the user or the
 * browser refused, it runs 'session': the memory store, so the login lasts as long as the page.
 * A grant later moves the memory store's records into IndexedDB. A failing storage call never
 * shows the browser's own words: it becomes the frame's refusal STORAGE_REFUSED.
 */
import { W3Error } from '../../core/errors/base.js';
import { openDeviceStore, type DeviceStore, type PersistentDeviceStore } from './device-store.js';
import { openMemoryStore } from './memory-store.js';
import { FRAME_REPLY_TEXT } from './texts.js';

export type StorageMode = 'persistent' | 'ask' | 'session';

export interface FrameStorage {
  /** The store every handler uses (it follows the mode). */
  store: DeviceStore;
  mode(): StorageMode;
  /** From a trusted click in the frame: asks the browser for storage; the mode it ends in. */
  request(): Promise<'persistent' | 'session'>;
  /** The user chose to go on without storage: 'session' from now on (never asked again on this page). */
  decline(): void;
}

/** How long opening IndexedDB may take before it counts as refused (a blocked open can hang). */
export const STORAGE_PROBE_MS = 3_000;

interface StorageAccessDocument {
  hasStorageAccess?: () => Promise<boolean>;
  requestStorageAccess?: (types?: { indexedDB?: boolean }) => Promise<{ indexedDB?: IDBFactory } | undefined>;
}

export interface FrameStorageOptions {
  /** The database's name (tests use their own). */
  name?: string;
  doc?: StorageAccessDocument;
  /** The window's IndexedDB (undefined where the browser gives none). */
  factory?: IDBFactory;
  probeMs?: number;
  /** Whether the browser granted storage access earlier (the permission's state); default navigator.permissions. */
  granted?: () => Promise<boolean>;
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    work.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/** The persistent store on `factory` if it opens and keeps a record, else undefined. */
async function tryPersistent(name: string, factory: IDBFactory | undefined, ms: number): Promise<PersistentDeviceStore | undefined> {
  if (!factory) return undefined;
  try {
    const store = openDeviceStore(name, factory);
    await within(store.deviceId(), ms);
    return store;
  } catch {
    return undefined;
  }
}

/** The IndexedDB a Storage Access API grant gives: the handle's (Chromium), else the window's (Firefox, Safari). */
async function grantedFactory(doc: StorageAccessDocument, fallback: IDBFactory | undefined): Promise<IDBFactory | undefined> {
  const handle = await doc.requestStorageAccess?.({ indexedDB: true });
  try {
    return handle?.indexedDB ?? fallback;
  } catch {
    return fallback;
  }
}

async function permissionGranted(): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: 'storage-access' as PermissionName });
    return status.state === 'granted';
  } catch {
    return false;
  }
}

/** A failing call of the persistent store, in the frame's own words. */
function guarded(store: () => DeviceStore): DeviceStore {
  const call =
    <K extends keyof DeviceStore>(method: K) =>
    (...args: Parameters<DeviceStore[K]>) =>
      (store()[method] as (...a: Parameters<DeviceStore[K]>) => ReturnType<DeviceStore[K]>)(...args).catch((error: unknown) => {
        console.warn('w3kit frame: storage failed', error);
        throw new W3Error(FRAME_REPLY_TEXT.storageRefused);
      }) as ReturnType<DeviceStore[K]>;
  return {
    deviceId: call('deviceId'),
    getToken: call('getToken'),
    setToken: call('setToken'),
    getChainId: call('getChainId'),
    setChainId: call('setChainId'),
    getDeviceShare: call('getDeviceShare'),
    setDeviceShare: call('setDeviceShare'),
  };
}

/** The window's IndexedDB; reading it throws in some browsers when storage is blocked. */
function windowIndexedDb(): IDBFactory | undefined {
  try {
    return globalThis.indexedDB;
  } catch {
    return undefined;
  }
}

export async function openFrameStorage(options: FrameStorageOptions = {}): Promise<FrameStorage> {
  const name = options.name ?? 'w3kit-frame';
  const doc = options.doc ?? (document as unknown as StorageAccessDocument);
  const factory = 'factory' in options ? options.factory : windowIndexedDb();
  const ms = options.probeMs ?? STORAGE_PROBE_MS;

  let current: DeviceStore | undefined = await tryPersistent(name, factory, ms);
  let mode: StorageMode = 'persistent';
  const memory = openMemoryStore();
  if (!current && typeof doc.requestStorageAccess === 'function' && (await (options.granted ?? permissionGranted)())) {
    current = await tryPersistent(name, await grantedFactory(doc, factory).catch(() => undefined), ms);
  }
  if (!current) {
    current = memory;
    mode = typeof doc.requestStorageAccess === 'function' ? 'ask' : 'session';
  }

  return {
    store: guarded(() => current ?? memory),
    mode: () => mode,
    decline() {
      if (mode === 'ask') mode = 'session';
    },
    async request() {
      if (mode !== 'ask') return mode === 'persistent' ? 'persistent' : 'session';
      let granted: PersistentDeviceStore | undefined;
      try {
        granted = await tryPersistent(name, await grantedFactory(doc, factory), ms);
        if (granted) await memory.moveTo(granted);
      } catch (error) {
        console.warn('w3kit frame: storage access refused', error);
        granted = undefined;
      }
      if (!granted) {
        mode = 'session';
        return 'session';
      }
      current = granted;
      mode = 'persistent';
      return 'persistent';
    },
  };
}
