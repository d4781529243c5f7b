/**
 * What every namespace's frame-side signer (src/chains/<namespace>/frame-requests.ts) prepares
 * from a request: the approval view shown to the person and the signing step it runs on approval.
 */
import { bytesToHex } from 'viem';
import type { ApprovalView } from './context.js';

export interface PreparedRequest {
  view: ApprovalView;
  run(seed: Uint8Array): Promise<unknown>;
}

/** A message's bytes as text when they are printable UTF-8, else as hex. */
export function messageText(bytes: Uint8Array): { text: string; isText: boolean } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // eslint-disable-next-line no-control-regex
    if (!/[\x00-\x08\x0e-\x1f\x7f]/.test(text)) return { text, isText: true };
  } catch {
    // not UTF-8: shown as hex
  }
  return { text: bytesToHex(bytes), isText: false };
}
