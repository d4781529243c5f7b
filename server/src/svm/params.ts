/** Checking JSON-RPC params: positional values, config objects, public keys, signatures, encodings. */
import { PublicKey } from '@solana/web3.js';
import { base58Decode as decodeBase58 } from '../../../src/wire/base58.js';
import { invalidParams, RpcError } from './errors.js';

export type Params = readonly unknown[];

/** The params of a request: a list (absent means none). */
export function paramList(params: unknown): Params {
  if (params === undefined || params === null) return [];
  if (!Array.isArray(params)) throw invalidParams('params must be a list');
  return params;
}

/** A base58 public key (32 to 44 characters, 32 bytes). */
export function pubkey(value: unknown, name: string): PublicKey {
  if (typeof value !== 'string' || value.length < 32 || value.length > 44 || decodeBase58(value)?.length !== 32) {
    throw invalidParams(`${name} must be a base58 public key (32 to 44 characters)`);
  }
  return new PublicKey(value);
}

/** A base58 transaction signature (64 bytes). */
export function signature(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length > 100 || decodeBase58(value)?.length !== 64) {
    throw invalidParams(`${name} must be a base58 transaction signature`);
  }
  return value;
}

/** A config object (absent means `{}`). */
export function config(value: unknown, name = 'config'): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams(`${name} must be an object`);
  return value as Record<string, unknown>;
}

/** An optional string field of a config, one of `allowed`. */
export function oneOf<T extends string>(value: unknown, name: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !allowed.includes(value as T)) throw invalidParams(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** An optional non-negative safe integer. */
export function uint(value: unknown, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > max) {
    throw invalidParams(`${name} must be an integer from 0 to ${max}`);
  }
  return value;
}

/** An optional boolean. */
export function bool(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw invalidParams(`${name} must be true or false`);
  return value;
}

const COMMITMENTS = ['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'] as const;

/** Checks the usual `commitment` and `minContextSlot` of a config (every commitment reads the same state here). */
export function checkCommon(cfg: Record<string, unknown>, slot: number): void {
  oneOf(cfg.commitment, 'commitment', COMMITMENTS, 'finalized');
  if (cfg.preflightCommitment !== undefined) oneOf(cfg.preflightCommitment, 'preflightCommitment', COMMITMENTS, 'finalized');
  const min = uint(cfg.minContextSlot, 'minContextSlot', 0);
  if (min > slot) throw new RpcError(-32016, `Minimum context slot has not been reached: ${min} (slot ${slot})`);
}

/** Bytes of an encoded transaction or message (base58 or base64), bounded. */
export function encodedBytes(value: unknown, name: string, encoding: 'base58' | 'base64'): Uint8Array {
  if (typeof value !== 'string' || value.length === 0 || value.length > 4096) throw invalidParams(`${name} must be a ${encoding} string`);
  if (encoding === 'base58') {
    const bytes = decodeBase58(value, 4096);
    if (!bytes) throw invalidParams(`${name} is not valid base58`);
    return bytes;
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) throw invalidParams(`${name} is not valid base64`);
  return new Uint8Array(Buffer.from(value, 'base64'));
}
