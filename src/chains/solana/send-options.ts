/**
 * The Solana send options (spec section 5): skipPreflight boolean; preflightCommitment one of
 * processed, confirmed, finalized, recent, single, singleGossip, root, max; maxRetries and
 * minContextSlot numbers (non-negative integers here). Anything else is a typed error naming the
 * option; unknown keys are rejected.
 */
import { WalletRequestError } from '../../core/errors.js';
import type { SolanaSendOptions } from './provider.js';

export const PREFLIGHT_COMMITMENTS = ['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'] as const;

const KEYS = new Set(['skipPreflight', 'preflightCommitment', 'maxRetries', 'minContextSlot']);

/** A send option that is not one of spec 5's, or has the wrong type; `option` names it. */
function badOption(option: string, expected: string, value: unknown): WalletRequestError {
  const err = new WalletRequestError(`Invalid send option "${option}": expected ${expected}`, {
    messageCode: 'InvalidInput',
    code: 'INVALID_SEND_OPTION',
    details: `Received ${typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : String(value)}`,
  });
  return Object.assign(err, { option });
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Checks the options of a Solana send; undefined gives {}. */
export function parseSendOptions(options: unknown): SolanaSendOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) throw badOption('options', 'an object', options);
  const record = options as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!KEYS.has(key)) throw badOption(key, 'one of skipPreflight, preflightCommitment, maxRetries, minContextSlot', 'an unknown option');
  }
  const { skipPreflight, preflightCommitment, maxRetries, minContextSlot } = record;
  const out: SolanaSendOptions = {};
  if (skipPreflight !== undefined) {
    if (typeof skipPreflight !== 'boolean') throw badOption('skipPreflight', 'a boolean', skipPreflight);
    out.skipPreflight = skipPreflight;
  }
  if (preflightCommitment !== undefined) {
    if (!(PREFLIGHT_COMMITMENTS as readonly unknown[]).includes(preflightCommitment)) {
      throw badOption('preflightCommitment', `one of ${PREFLIGHT_COMMITMENTS.join(', ')}`, preflightCommitment);
    }
    out.preflightCommitment = preflightCommitment as SolanaSendOptions['preflightCommitment'];
  }
  if (maxRetries !== undefined) {
    if (!isCount(maxRetries)) throw badOption('maxRetries', 'a non-negative integer', maxRetries);
    out.maxRetries = maxRetries;
  }
  if (minContextSlot !== undefined) {
    if (!isCount(minContextSlot)) throw badOption('minContextSlot', 'a non-negative integer', minContextSlot);
    out.minContextSlot = minContextSlot;
  }
  return out;
}
