/**
 * Every message between the host page's bridge and the frame site, as zod schemas both sides
 * parse with (spec section 7). A message that fails its schema is dropped and logged, never
 * thrown into the page.
 *
 * Handshake, on `window.postMessage` with the target origin pinned and `event.origin` and
 * `event.source` checked on both sides:
 * 1. frame -> parent `{ w3kit: 'frame-ready', version }`, posted only when the parent's origin
 *    (`location.ancestorOrigins[0]`) is one of the project's allowed origins;
 * 2. parent -> frame `{ w3kit: 'host-hello', version }` with a `MessagePort` transferred;
 * 3. frame -> host, on that port, `{ kind: 'ack' }`. From then on all traffic is on the port:
 *    requests `{ kind: 'request', id, type, payload }` from the host, replies
 *    `{ kind: 'reply', id, type, ok, payload | error }` and events `{ kind: 'event', ... }`
 *    from the frame; and the host's layout reports `{ kind: 'layout', ... }` (no reply) for the
 *    frame's click guard.
 */
import * as z from 'zod/mini';
import { EMBEDDED_NAMESPACES } from '../chains/frame-namespaces.js';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, isEmailAddress, STORED_EMAIL_PATTERN } from '../wire/email-address.js';
import { OAUTH_PROVIDERS, SOCIAL_RESULT_MESSAGE } from './constants.js';

const MAX_ID = 64;
const MAX_TEXT = 4096;

export const HANDSHAKE_READY = 'frame-ready';
export const HANDSHAKE_HELLO = 'host-hello';

export const frameReadySchema = z.object({ w3kit: z.literal(HANDSHAKE_READY), version: z.string().check(z.maxLength(16)) });
export const hostHelloSchema = z.object({ w3kit: z.literal(HANDSHAKE_HELLO), version: z.string().check(z.maxLength(16)) });
export const ackSchema = z.object({ kind: z.literal('ack') });

/** The product's one e-mail rule (src/wire/email-address.ts). */
const emailField = z
  .string()
  .check(z.minLength(3), z.maxLength(EMAIL_MAX_LENGTH), z.regex(EMAIL_PATTERN), z.refine(isEmailAddress, 'must be one e-mail address'));
/** A stored address the frame reports (read as stored, see STORED_EMAIL_PATTERN). */
const storedEmailField = z.string().check(z.minLength(3), z.maxLength(EMAIL_MAX_LENGTH), z.regex(STORED_EMAIL_PATTERN));
const otpField = z.string().check(z.regex(/^\d{6}$/));
const caipNetworkId = z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/));
const namespaceField = z.enum(EMBEDDED_NAMESPACES);
const socialProviderField = z.enum([...OAUTH_PROVIDERS]);
/** The social callback's one-time completion value (base64url). */
const completionField = z.string().check(z.regex(/^[A-Za-z0-9_-]{32,128}$/));
const urlField = z.string().check(z.maxLength(4096), z.regex(/^https?:\/\//));
const text = (max = MAX_TEXT) => z.string().check(z.maxLength(max));

/** A network as the frame needs it to answer RPC reads and send transactions. */
export const frameNetworkSchema = z.object({
  caipNetworkId,
  name: text(128),
  rpcUrl: z.string().check(z.maxLength(2048), z.regex(/^https?:\/\//)),
  nativeCurrency: z.object({ name: text(64), symbol: text(16), decimals: z.number().check(z.int(), z.minimum(0), z.maximum(36)) }),
});
export type FrameNetwork = z.infer<typeof frameNetworkSchema>;

/** The account types the frame reports (spec 3): the key's own account, or its Safe on a smart-account enabled network. */
export const frameAccountTypeSchema = z.enum(['eoa', 'smartAccount']);

export const frameAccountSchema = z.object({
  namespace: namespaceField,
  address: text(128),
  type: frameAccountTypeSchema,
});

/** The user the frame gives after login (spec 3, "User"). */
export const frameUserSchema = z.object({
  email: z.nullable(storedEmailField),
  address: text(128),
  chainId: caipNetworkId,
  accounts: z.array(frameAccountSchema).check(z.maxLength(8)),
  userName: z.optional(text(128)),
  /** How the user logged in this time: a social provider or farcaster (absent for e-mail and passkey). */
  socialProvider: z.optional(z.enum([...OAUTH_PROVIDERS, 'farcaster'])),
  preferredAccountType: frameAccountTypeSchema,
  smartAccountDeployed: z.boolean(),
});
export type FrameUser = z.infer<typeof frameUserSchema>;

const empty = z.object({});

/** A passkey of the user, as listed in the account (no key material). */
export const passkeySchema = z.object({
  id: text(512),
  name: text(128),
  createdAt: z.number(),
  lastUsedAt: z.nullable(z.number()),
  /** Whether it wraps the recovery share (the authenticator gave a PRF output). */
  prf: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** A device the account's e-mail approved, as the Devices view lists it (src/wire/devices-api.ts). */
export const deviceSchema = z.object({
  id: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
  name: z.optional(text(64)),
  addedAt: z.number(),
  lastUsedAt: z.number(),
  current: z.boolean(),
});
export type AccountDevice = z.infer<typeof deviceSchema>;

/** Each request type: its payload and its success reply's payload. */
export const frameRequests = {
  /** Starts e-mail login: the frame answers what comes next (spec 4). */
  ConnectEmail: {
    payload: z.object({ email: emailField }),
    result: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
  },
  /** Resends the pending login's mail (device approval or code), with the cooldown. */
  ResendEmail: { payload: empty, result: empty },
  /** Waits until the device-approval link was used; the code mail follows by itself. */
  ConnectDevice: { payload: empty, result: empty },
  /** Checks the one-time code; success creates the session (and the keys at first login). */
  ConnectOtp: { payload: z.object({ otp: otpField }), result: empty },
  /** The logged-in user, on the given network (default: the last one). */
  GetUser: { payload: z.object({ chainId: z.optional(caipNetworkId) }), result: frameUserSchema },
  /** Ends the session on the server and forgets it in the frame. */
  SignOut: { payload: empty, result: empty },
  /** Whether a live session exists (a failure counts as no: spec 4). */
  IsConnected: { payload: empty, result: z.object({ isConnected: z.boolean() }) },
  GetChainId: { payload: empty, result: z.object({ chainId: caipNetworkId }) },
  SwitchNetwork: { payload: z.object({ chainId: caipNetworkId }), result: z.object({ chainId: caipNetworkId }) },
  /** A wallet RPC call, classified by the frame (spec 6). */
  RpcRequest: {
    payload: z.object({
      namespace: namespaceField,
      chainId: caipNetworkId,
      method: text(64),
      params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
    }),
    result: z.object({ result: z.unknown() }),
  },
  /** The user closed the approval: abort only the pending unsafe requests (spec 6). */
  RpcAbort: { payload: empty, result: empty },
  /** Starts an e-mail change: a code goes to the current address first (spec 4). */
  UpdateEmail: { payload: z.object({ email: emailField }), result: z.object({ action: z.literal('VERIFY_PRIMARY_OTP') }) },
  UpdateEmailPrimaryOtp: { payload: z.object({ otp: otpField }), result: z.object({ action: z.literal('VERIFY_SECONDARY_OTP') }) },
  UpdateEmailSecondaryOtp: { payload: z.object({ otp: otpField }), result: z.object({ newEmail: storedEmailField }) },
  /** Shows the frame's own export screen (a fresh code, then the keys); resolves when it closes. */
  ExportKey: { payload: empty, result: empty },
  SyncTheme: {
    payload: z.object({
      themeMode: z.enum(['light', 'dark']),
      themeVariables: z.optional(z.record(z.string().check(z.regex(/^--w3-[a-z0-9-]{1,40}$/)), text(200))),
    }),
    result: empty,
  },
  SyncDappData: {
    payload: z.object({
      projectId: text(128),
      sdkVersion: text(32),
      metadata: z.optional(
        z.object({
          name: text(128),
          description: z.optional(text(512)),
          url: z.optional(text(2048)),
          icons: z.optional(z.array(text(2048)).check(z.maxLength(4))),
        }),
      ),
      networks: z.array(frameNetworkSchema).check(z.maxLength(64)),
      locale: z.optional(text(16)),
      /** The Blockchain API (the host's `blockchainApiUrl`): smart accounts' networks, contracts, bundler and paymaster. */
      apiUrl: z.optional(urlField),
    }),
    result: empty,
  },
  /**
   * Smart accounts (src/chains/eip155/smart-account): the backend's enabled networks ([] when it
   * cannot say), the Safe of the current chain (its counterfactual address at once), and the
   * switch between the key's account and its Safe (refused where the network is not enabled).
   */
  GetSmartAccountEnabledNetworks: { payload: empty, result: z.object({ smartAccountEnabledNetworks: z.array(z.number()) }) },
  InitSmartAccount: { payload: empty, result: z.object({ address: text(128), isDeployed: z.boolean() }) },
  SetPreferredAccount: {
    payload: z.object({ type: z.enum(['eoa', 'smartAccount']) }),
    result: z.object({ type: frameAccountTypeSchema, address: text(128) }),
  },
  /**
   * Social login, step 1: the provider's authorization URL for the popup the host opened on the
   * click. The frame keeps the login's id; the callback page on the frame origin later posts
   * `socialResultSchema` to the host (the origin the handshake pinned), never a token.
   */
  GetSocialRedirectUri: { payload: z.object({ provider: socialProviderField }), result: z.object({ uri: urlField }) },
  /**
   * Social login, step 2 (after the popup's success message): the session, keys at first login.
   * `completion` is the one-time value the popup's message carried: proof that this window saw
   * the provider's login end (a login link sent to someone else cannot be finished without it).
   */
  ConnectSocial: { payload: z.object({ completion: z.optional(completionField) }), result: empty },
  /** Farcaster: a sign-in link (shown as a QR code and a link) and when it lapses (epoch ms). */
  GetFarcasterUri: { payload: empty, result: z.object({ url: urlField, expiresAt: z.number() }) },
  /** Waits (at most FARCASTER_WAIT_MS) until the link's sign-in was approved, then the session. */
  ConnectFarcaster: { payload: empty, result: empty },
  /** Log in with a passkey alone (discoverable credential; with PRF the device share is rebuilt). */
  ConnectPasskey: { payload: empty, result: empty },
  /** Shows the frame's own 'Create passkey' screen; resolves with the new passkey, rejects when cancelled. */
  AddPasskey: { payload: empty, result: z.object({ passkey: passkeySchema }) },
  ListPasskeys: { payload: empty, result: z.object({ passkeys: z.array(passkeySchema).check(z.maxLength(32)) }) },
  RemovePasskey: { payload: z.object({ id: text(512) }), result: empty },
  /** The devices the account's e-mail approved (the most recently used first); `current` is this one. */
  ListDevices: { payload: empty, result: z.object({ devices: z.array(deviceSchema).check(z.maxLength(50)) }) },
  /** Forgets a device and ends its sessions; `signedOut` when it was this device (the frame forgot its session). */
  RemoveDevice: { payload: z.object({ id: deviceSchema.shape.id }), result: z.object({ signedOut: z.boolean() }) },
  /**
   * Whether the frame keeps its data (frame-storage.ts): 'persistent'; 'ask' (a cross-site frame
   * whose browser blocks third-party storage, where the Storage Access API may grant it); 'session'
   * (the login lasts until the page reloads).
   */
  GetStorage: { payload: empty, result: z.object({ storage: z.enum(['persistent', 'ask', 'session']) }) },
  /** Shows the frame's 'Stay logged in' screen; its Allow asks the browser from the user's click. Resolves with the mode it ends in. */
  RequestStorage: { payload: empty, result: z.object({ storage: z.enum(['persistent', 'session']) }) },
  /** Reloads the frame (after a failure); the bridge does the handshake again. */
  Reload: { payload: empty, result: empty },
} as const;

export type FrameRequestType = keyof typeof frameRequests;
export type FramePayload<T extends FrameRequestType> = z.infer<(typeof frameRequests)[T]['payload']>;
export type FrameResult<T extends FrameRequestType> = z.infer<(typeof frameRequests)[T]['result']>;

const requestType = z.enum(Object.keys(frameRequests) as [FrameRequestType, ...FrameRequestType[]]);
const idField = z.string().check(z.minLength(1), z.maxLength(MAX_ID));

/** The envelope of a request; the payload is then parsed by its type's schema. */
export const requestEnvelopeSchema = z.object({ kind: z.literal('request'), id: idField, type: requestType, payload: z.unknown() });

/**
 * An error reply. `message` is for developers (English); `reason` names the refusal for the host
 * to say in the user's language: the frame's own (the UPPER_SNAKE name of its text, e.g.
 * NO_LOGIN, SERVER_UNREACHABLE, INVALID_PAYLOAD) or its backend's code (AUTH_ERROR_CODES in
 * src/wire/auth-api.ts). `field` names a bad field; `retryAfter` (seconds) and `attemptsLeft`
 * are the numbers the words need. An unknown reason is said in general words, never as the message.
 */
export const frameErrorSchema = z.object({
  message: z.optional(text()),
  code: z.optional(z.number().check(z.int())),
  reason: z.optional(z.string().check(z.regex(/^[A-Z][A-Z0-9_]{0,47}$/))),
  field: z.optional(text(64)),
  retryAfter: z.optional(z.number().check(z.int(), z.minimum(0))),
  attemptsLeft: z.optional(z.number().check(z.int(), z.minimum(0))),
});
export type FrameErrorPayload = z.infer<typeof frameErrorSchema>;

/** The envelope of a reply; a success's payload is then parsed by its type's result schema. */
export const replyEnvelopeSchema = z.union([
  z.object({ kind: z.literal('reply'), id: idField, type: requestType, ok: z.literal(true), payload: z.unknown() }),
  z.object({ kind: z.literal('reply'), id: idField, type: requestType, ok: z.literal(false), error: frameErrorSchema }),
]);

/** What the frame tells the host without being asked. */
export const frameEventSchema = z.union([
  /** The session lapsed while in use: the host signs the user out ('Session Expired'). */
  z.object({ kind: z.literal('event'), type: z.literal('SessionExpired') }),
  /** The frame wants to be seen (an approval or the export screen) or is done. */
  z.object({ kind: z.literal('event'), type: z.literal('Visibility'), visible: z.boolean() }),
  /** The frame's content height in CSS pixels, so the modal can size the view. */
  z.object({ kind: z.literal('event'), type: z.literal('Height'), height: z.number().check(z.minimum(0), z.maximum(2000)) }),
]);
export type FrameEvent = z.infer<typeof frameEventSchema>;

/** A coordinate or size in CSS pixels, within any screen's reach. */
const pixels = (min: number) => z.number().check(z.minimum(min), z.maximum(100_000));

/**
 * What the host tells the frame, on the port and with no reply, whenever it changes while the
 * frame is shown: the frame element's place and size in the page's viewport, whether the modal
 * cuts part of it off, and whether an animation runs in the modal. The frame's click guard
 * (./site/guard) holds 'Approve' back on these; they can never let a click through by
 * themselves (the frame's own checks still apply).
 */
export const hostLayoutSchema = z.object({
  kind: z.literal('layout'),
  rect: z.object({ x: pixels(-100_000), y: pixels(-100_000), width: pixels(0), height: pixels(0) }),
  clipped: z.boolean(),
  animating: z.boolean(),
});
export type HostLayoutMessage = z.infer<typeof hostLayoutSchema>;

/** What the frame may post on the port: the ack, replies and events. */
export const frameToHostSchema = z.union([ackSchema, replyEnvelopeSchema, frameEventSchema]);

/**
 * The social popup's result, posted by the callback page on the frame origin to `window.opener`
 * with the host's origin (the one the frame's handshake pinned) as target. It says only whether
 * the provider's login worked; the host then asks the frame to ConnectSocial.
 */
export const socialResultSchema = z.object({
  w3kit: z.literal(SOCIAL_RESULT_MESSAGE),
  ok: z.boolean(),
  message: z.optional(text(512)),
  /** On success: the one-time value ConnectSocial needs (useless without the frame's own login id). */
  completion: z.optional(completionField),
});
export type SocialResult = z.infer<typeof socialResultSchema>;
