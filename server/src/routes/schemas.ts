/**
 * Schemas route groups share: the project identification every request carries (for the API
 * document; the access hook reads it), EVM addresses and chain ids (of the EVM-only routes:
 * names and profiles; the Blockchain API's come from the registry, ./chain-reads.ts), and the
 * error replies.
 */
import * as z from 'zod';
import { errorReplySchema } from '../../../src/wire/provider-api.js';
import { SDK_FIELD_MAX } from '../access.js';
import { EIP155_CHAIN, EIP155_CHAIN_FORM, EVM_ADDRESS, EVM_ADDRESS_RULE } from '../chains/eip155/chain.js';
import { patternParam } from '../http/query.js';
import { PROJECT_ID_MAX } from '../projects.js';

/**
 * `projectId` (or the `x-project-id` header), `st` and `sv` (or `x-sdk-type`, `x-sdk-version`).
 * The access hook has checked them already; other parameters are ignored.
 */
export const projectQueryShape = {
  projectId: z.string().max(PROJECT_ID_MAX).optional(),
  st: z.string().max(SDK_FIELD_MAX).optional(),
  sv: z.string().max(SDK_FIELD_MAX).optional(),
};

export const projectQuerySchema = z.object(projectQueryShape);

/** `{ message, field? }`: 400 (bad input, `field` names it), 403, 404, 413, 415, 429, 5xx. */
export const errorReplies = { '4xx': errorReplySchema, '5xx': errorReplySchema } as const;

/** `{address}` in a path: an EVM address, lower-cased. */
export const addressParamsSchema = z.object({ address: z.string().regex(EVM_ADDRESS, EVM_ADDRESS_RULE).toLowerCase() });

/** `chainId`: a CAIP-2 EVM chain id; absent or empty means the indexed chain. */
export const chainIdParam = () => patternParam(EIP155_CHAIN, `must be ${EIP155_CHAIN_FORM}`);
