/** A namespace's Sign in with X codec (types): see src/chains/siwx.ts. */
import type { Caip122Fields } from '../wire/caip122.js';

/** The message fields a namespace's codec writes (CAIP-122; `address` as the caller gave it). */
export interface SiwxMessageFields {
  domain: string;
  address: string;
  uri: string;
  version: '1';
  chainReference: string;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
  statement?: string;
}

export interface SiwxCodec {
  /** The text to sign and the address as the message writes it (checksummed on eip155); throws naming a bad field. */
  format(fields: SiwxMessageFields): { text: string; address: string };
  /** Whether two addresses are the same account (eip155 ignores case). */
  sameAccount(a: string, b: string): boolean;
}

export interface SiwxSignatureOptions {
  /** The chain's RPC URL, for on-chain checks (EIP-1271 contract accounts); none: they are refused. */
  rpcUrl?: string | undefined;
}

/** Throws SiwxError('Invalid signature') unless `fields.address` signed `message`. */
export type SiwxSignatureCheck = (
  fields: Caip122Fields,
  message: string,
  signature: string,
  options: SiwxSignatureOptions,
) => Promise<void>;
