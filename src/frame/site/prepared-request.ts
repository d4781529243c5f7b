/**
 * What every namespace's frame-side signer (src/chains/<namespace>/frame-requests.ts) prepares
 * from a request: the approval view shown to the person (built with what it looks up, such as
 * the network fee, hence possibly a promise; it never rejects) and the signing step it runs on
 * approval. PrepareEnv is what a signer gets besides the request.
 */
import { bytesToHex } from 'viem';
import type { FrameNetwork } from '../messages.js';
import type { ApprovalTexts } from './approval-texts.js';
import type { ApprovalView, JsonRpcCall } from './context.js';

export interface PreparedRequest {
  view: ApprovalView | Promise<ApprovalView>;
  run(seed: Uint8Array): Promise<unknown>;
}

export interface PrepareEnv {
  jsonRpc: JsonRpcCall;
  /** The host's locale (SyncDappData), kept on the view; `texts` are in it. */
  locale?: string;
  texts: ApprovalTexts;
  /** The networks the host synced (typed data names its chain by them). */
  networks: readonly FrameNetwork[];
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
