/**
 * Failures of the embedded wallet's frame (spec 8): aborted or timed-out requests, error replies,
 * the bridge's chunk not loading, a request with no iframe. Not re-exported from `../errors.ts`
 * (the first chunk carries every class there); the bridge and the embedded stores import it here.
 */
import { defineError } from './define.js';

/** A frame failure; its `messageCode` names the spec's text, or its message is the frame's own words. */
export const EmbeddedWalletError = defineError('EmbeddedWalletError', 'INTERNAL_SDK_ERROR');
export type EmbeddedWalletError = InstanceType<typeof EmbeddedWalletError>;
