/**
 * Sign in with X (CAIP-122): the `siwx` option's shape, as the field's leader defines it, so its
 * users' implementations plug in unchanged. The modal asks `getSessions(chainId, address)` for the
 * connected account on the active chain; with none it opens SIWXSignMessage, which builds the
 * message with `createMessage`, has the wallet sign `message.toString()` and hands the result to
 * `addSession` (which verifies it, or throws). `revokeSession` runs on disconnect when
 * `signOutOnDisconnect` is true; `getRequired()` true blocks closing the modal until signed in.
 *
 * Ready-made implementations: `createBrowserSiwx` and `createServerSiwx` in `w3kit/siwx`
 * (src/siwx). The legacy `siweConfig` shape (getNonce, createMessage, verifyMessage, getSession,
 * signOut) is adapted to this one by src/chains/eip155/siwe-config.ts.
 */

/** A CAIP-2 chain id, `namespace:reference` (`eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). */
export type SiwxChainId = `${string}:${string}`;

/** What the modal gives createMessage: the account and the chain it signs in on. */
export interface SIWXMessageInput {
  /** The plain address (checksummed for eip155, base58 for solana), not a CAIP-10 id. */
  accountAddress: string;
  chainId: SiwxChainId;
}

/** The fields of a CAIP-122 message (EIP-4361 for eip155). Times are ISO 8601 strings. */
export interface SIWXMessageData extends SIWXMessageInput {
  domain: string;
  uri: string;
  version: '1';
  nonce: string;
  statement?: string;
  issuedAt?: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
}

/** A message ready to sign: its fields, and `toString()` the exact text the wallet signs. */
export interface SIWXMessage extends SIWXMessageData {
  toString(): string;
}

/** A signed-in session: the message's fields, its text and the wallet's signature (hex for eip155, base58 for solana). */
export interface SIWXSession {
  data: SIWXMessageData;
  message: string;
  signature: string;
  /** Implementation-specific extras (the server implementation keeps its session token here). */
  cacao?: unknown;
}

export interface SIWXConfig {
  createMessage(input: SIWXMessageInput): Promise<SIWXMessage>;
  /** Verifies and keeps a session; throws (with a message naming what was wrong) when it is refused. */
  addSession(session: SIWXSession): Promise<void>;
  revokeSession(chainId: SiwxChainId, address: string): Promise<void>;
  setSessions(sessions: SIWXSession[]): Promise<void>;
  /** The live (unexpired) sessions of this account on this chain. */
  getSessions(chainId: SiwxChainId, address: string): Promise<SIWXSession[]>;
  /** True: the modal cannot be closed until the account signs in, and Cancel disconnects. */
  getRequired?(): boolean;
  /** Revoke the session when the user disconnects (the ready-made implementations default to true). */
  signOutOnDisconnect?: boolean;
}

/** The legacy `siweConfig` (eip155 only), adapted to SIWXConfig. */
export interface SIWEConfig {
  getNonce(address?: string): Promise<string>;
  getMessageParams?(): Promise<{ domain?: string; uri?: string; statement?: string; expiry?: number; resources?: string[] }>;
  createMessage(args: SIWEMessageArgs): string;
  verifyMessage(args: { message: string; signature: string }): Promise<boolean>;
  getSession(): Promise<{ address: string; chainId: number } | null>;
  signOut(): Promise<boolean>;
  onSignIn?(session?: { address: string; chainId: number }): void;
  onSignOut?(): void;
  required?: boolean;
  signOutOnDisconnect?: boolean;
}

export interface SIWEMessageArgs {
  /** `eip155:<chainId>:<address>` as the legacy contract has it. */
  address: string;
  chainId: number;
  domain: string;
  uri: string;
  version: '1';
  nonce: string;
  statement?: string;
  iat: string;
  exp?: string;
  resources?: string[];
}

/** The functions each option must have, as createW3Modal checks them (space-separated: the first chunk stays small). */
export const SIWX_FUNCTIONS = 'createMessage addSession revokeSession setSessions getSessions';
export const SIWE_FUNCTIONS = 'getNonce createMessage verifyMessage getSession signOut';
