/**
 * What every request handler of the frame gets: its dependencies (the auth API client, the
 * device store, the approval, export and passkey screens, WebAuthn, a clock, the JSON-RPC
 * transport, the event sink) and the frame's state. main.ts builds the real ones; the tests build their own.
 */
import type { AuthUser } from '../../wire/auth-api.js';
import type { FrameEvent, FrameNetwork, FramePayload, HostLayoutMessage, Passkey } from '../messages.js';
import type { AuthApi } from './api-client.js';
import type { ApprovalQueue } from './approval-queue.js';
import type { DeviceStore } from './device-store.js';
import type { FrameStorage } from './frame-storage.js';

/** One labelled detail of an approval. */
export interface ApprovalRow {
  label: string;
  value: string;
}

/** A node of a readable tree (typed data): a label with a value, or with nested nodes. */
export interface ApprovalTree {
  label: string;
  value?: string;
  children?: ApprovalTree[];
}

/**
 * What the approval screen shows under its one heading (`title`): an optional line (`note`),
 * labelled rows, a typed-data tree, a numbered list of batched calls (`items`, each its rows), an
 * optional long text, in the host's `locale` (./approval-texts.ts).
 */
export interface ApprovalView {
  title: string;
  note?: string;
  rows: ApprovalRow[];
  tree?: ApprovalTree[];
  items?: ApprovalRow[][];
  body?: string;
  locale?: string;
}

/** The frame's approval screen: resolves true on Approve, false on Reject; `hide` clears it. */
export interface ApprovalPrompt {
  show(view: ApprovalView, appName: string): Promise<boolean>;
  hide(): void;
}

/** The frame's export screen; resolves when the user presses Done (or Cancel). */
export interface ExportScreen {
  run(flow: ExportFlow): Promise<void>;
}

/** What the export screen calls: send the code, then check it and get both secret keys. */
export interface ExportFlow {
  sendCode(): Promise<void>;
  reveal(otp: string): Promise<{ evmPrivateKey: string; solanaSecretKey: string }>;
}

/** WebAuthn in WebAuthn's JSON forms: the options as the server made them, the credential as `toJSON()` gives it. */
export interface PasskeyAuthenticator {
  create(options: Record<string, unknown>): Promise<Record<string, unknown>>;
  get(options: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** The frame's 'Create passkey' screen: runs `create` on the user's click; rejects when cancelled. */
export interface PasskeyScreen {
  run(create: () => Promise<Passkey>): Promise<Passkey>;
  /** Ends a shown screen as cancelled (the host left the view: RpcAbort). */
  dismiss(): void;
}

/** The frame's 'Stay logged in' screen: resolves with the mode once the user chose (Allow asks the browser). */
export interface StorageScreen {
  run(storage: Pick<FrameStorage, 'request' | 'decline'>): Promise<'persistent' | 'session'>;
  dismiss(): void;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** Posts a JSON-RPC call to `url`; returns `result` or throws the node's error. */
export type JsonRpcCall = (url: string, method: string, params: unknown) => Promise<unknown>;

export type DappData = FramePayload<'SyncDappData'>;

export interface Session {
  user: AuthUser;
  deviceVerified: boolean;
}

export interface FrameState {
  /** The project id of the frame's URL, whose allowed origins were checked. */
  projectId: string;
  /** The parent page's origin, checked against the project's allowed origins in the handshake. */
  parentOrigin?: string;
  dapp?: DappData;
  /** The pending e-mail login. */
  login?: { loginId: string; email: string };
  session?: Session;
  chainId?: string;
  /** The pending e-mail change. */
  changeId?: string;
  /** The pending social login's id (never sent to the host). */
  socialId?: string;
  /** The pending Farcaster sign-in's channel. */
  farcasterChannelId?: string;
}

export interface FrameDeps {
  api: AuthApi;
  store: DeviceStore;
  approvals: ApprovalPrompt;
  exportScreen: ExportScreen;
  passkeyScreen: PasskeyScreen;
  passkeys: PasskeyAuthenticator;
  clock: Clock;
  jsonRpc: JsonRpcCall;
  applyTheme(theme: FramePayload<'SyncTheme'>): void;
  /** The host sent its locale (SyncDappData, on load and on every change): the page and shown screens follow it. */
  localeChanged?(locale: string | undefined): void;
  reload(): void;
  /** The host's report of where the frame element is (the click guard's, ./guard). */
  hostLayout?(layout: HostLayoutMessage): void;
  /** Whether the frame keeps its data and how it asks (absent: it always does, as on the dApp's own site). */
  storage?: Pick<FrameStorage, 'mode' | 'request' | 'decline'>;
  storageScreen?: StorageScreen;
}

export interface FrameContext extends FrameDeps {
  state: FrameState;
  queue: ApprovalQueue;
  emit(event: FrameEvent): void;
}

/** The synced network with this CAIP id, if the host synced it. */
export function findNetwork(ctx: FrameContext, caipNetworkId: string): FrameNetwork | undefined {
  return ctx.state.dapp?.networks.find((network) => network.caipNetworkId === caipNetworkId);
}

/** The real clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
