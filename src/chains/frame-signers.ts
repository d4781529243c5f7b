/**
 * The frame-side part of each namespace the frame holds keys for (frame bundle only): the user's
 * address there, from the server's user record, and the signer that checks, describes and runs
 * an unsafe request (src/chains/<namespace>/frame-requests.ts), and the reads only the frame can
 * answer (eip155: EIP-5792's wallet_getCallsStatus for its own batches, wallet_getCapabilities).
 */
import type { FrameNetwork } from '../frame/messages.js';
import type { PrepareEnv, PreparedRequest } from '../frame/site/prepared-request.js';
import type { AuthUser } from '../wire/auth-api.js';
import { answerEvmRequest, EVM_FRAME_ANSWERS, type AnswerEnv } from './eip155/frame-calls-status.js';
import { prepareEvmRequest } from './eip155/frame-requests.js';
import { activeSmartAccountOf } from './eip155/smart-account/active.js';
import { isEmbeddedNamespace, type EmbeddedNamespace } from './frame-namespaces.js';
import { prepareSolanaRequest } from './solana/frame-requests.js';

export interface FrameSigner {
  /** The user's address on the namespace; undefined when the record has none. */
  address(user: AuthUser): string | undefined;
  /** Checks and describes an unsafe request; it runs with the seed once approved. */
  prepare(method: string, params: unknown, address: string, network: FrameNetwork, env: PrepareEnv): PreparedRequest;
  /** The safe methods the frame answers itself for the user (not the node), and how. */
  answers?: ReadonlySet<string>;
  answer?(method: string, params: unknown, address: string, network: FrameNetwork, env: AnswerEnv): Promise<unknown>;
}

const SIGNERS: Record<EmbeddedNamespace, FrameSigner> = {
  // The Safe's address while the user acts through it (SetPreferredAccount 'smartAccount').
  eip155: {
    address: (user) => activeSmartAccountOf(user.evmAddress)?.address ?? user.evmAddress,
    prepare: prepareEvmRequest,
    answers: EVM_FRAME_ANSWERS,
    answer: answerEvmRequest,
  },
  solana: { address: (user) => user.solanaAddress, prepare: prepareSolanaRequest },
};

/** The namespace's frame-side signer; undefined for a namespace the frame holds no keys for. */
export const frameSigner = (namespace: string): FrameSigner | undefined =>
  isEmbeddedNamespace(namespace) ? SIGNERS[namespace] : undefined;
