/**
 * The chains a project takes sign-in on (issue 29): its own list (a project's `siwxChains`,
 * CAIP-2 ids) or, when it names none, the server's default. The default is every chain the
 * server knows: each namespace's default chains (server/src/chains/<namespace>/siwx.ts), the
 * client's presets (src/wire/networks.ts), and the chain the Blockchain API's `--evm-rpc` node
 * serves. A message on any other chain is refused before its nonce is looked at.
 */
import { networks } from '../../../src/wire/networks.js';
import { HttpError, InputError } from '../errors.js';
import { SERVER_CHAINS } from '../chains/index.js';
import type { ServerChain } from '../chains/types.js';
import { siwxChainOf } from './message-checks.js';

/** The most chains a project names. */
export const MAX_SIWX_CHAINS = 200;

/** The CAIP-2 ids a project that names none takes on `chains` (besides the `--evm-rpc` node's chain). */
const defaultSiwxChains = (chains: readonly ServerChain[]): ReadonlySet<string> =>
  new Set([...chains.flatMap((chain) => chain.siwx.defaultChains), ...Object.values(networks).map((n) => n.caipNetworkId)]);
export const DEFAULT_SIWX_CHAINS = defaultSiwxChains(SERVER_CHAINS);

const CAIP2 = /^([a-z0-9-]{3,8}):([-_a-zA-Z0-9]{1,32})$/;

/** Checks a project's list: CAIP-2 ids of a form some namespace's sign-in takes; duplicates dropped. */
export function validateSiwxChains(chains: unknown): string[] {
  if (!Array.isArray(chains))
    throw new InputError('siwxChains', `Invalid siwxChains: must be a list of CAIP-2 chain ids such as ${SERVER_CHAINS[0]!.siwx.example}`);
  if (chains.length === 0) {
    throw new InputError('siwxChains', 'Invalid siwxChains: name at least one chain (or leave it unset for the default chains)');
  }
  if (chains.length > MAX_SIWX_CHAINS) throw new InputError('siwxChains', `Invalid siwxChains: at most ${MAX_SIWX_CHAINS} chains`);
  const out: string[] = [];
  chains.forEach((chain: unknown, i) => {
    const match = typeof chain === 'string' ? CAIP2.exec(chain.trim()) : null;
    if (!match || !siwxChainOf(match[1]!, match[2]!)) {
      throw new InputError(
        'siwxChains',
        `Invalid siwxChains[${i}] ${JSON.stringify(chain)}: must be a CAIP-2 chain id, ${SERVER_CHAINS.map((c) => c.siwx.chainForm).join(' or ')}`,
      );
    }
    if (!out.includes(match[0])) out.push(match[0]);
  });
  return out;
}

/**
 * Refuses (400 on `chainId`) a chain the project does not take sign-in on: one off its list, or
 * with no list, one off the default of the app's `chains` that `served` (the `--evm-rpc` node's
 * chain) does not claim.
 */
export async function checkChainAccepted(
  chainId: string,
  projectChains: readonly string[] | null,
  served: (chainId: string) => Promise<boolean>,
  chains: readonly ServerChain[] = SERVER_CHAINS,
): Promise<void> {
  const defaults = chains === SERVER_CHAINS ? DEFAULT_SIWX_CHAINS : defaultSiwxChains(chains);
  const accepted = projectChains ? projectChains.includes(chainId) : defaults.has(chainId) || (await served(chainId));
  if (!accepted) throw new HttpError(400, `This project does not accept sign-in on chain ${chainId}`, 'chainId');
}
