/**
 * How the Blockchain API routes reach a namespace (issue 30): its schemas are made from the
 * registry (server/src/chains), a request's namespace is found by its chain id or its address
 * form, and each read goes to that namespace's node. A namespace whose node does not answer a
 * read (`ServerChain.reads`) is refused with words naming it; one with no node is a 503 naming
 * the flag that gives it one. A node that does not answer is a 503, one that answers with an
 * error a 502, both naming its RPC.
 */
import * as z from 'zod';
import { RpcResponseError, RpcUnavailableError } from '../blockchain/rpc.js';
import { chainOfId } from '../chains/index.js';
import type { AccountRead, ChainNode, ChainReads, ServerChain, UtxoReads } from '../chains/types.js';
import { HttpError, InputError } from '../errors.js';
import { patternParam } from '../http/query.js';

/** A CAIP-2 chain id of any namespace of `chains`, in a query. */
export const chainIdQuery = (chains: readonly ServerChain[]) =>
  patternParam(
    new RegExp(chains.map((c) => c.chainIdPattern.source).join('|')),
    `must be ${chains.map((c) => c.chainIdForm).join(', or ')}`,
  );

/** `{address}` in a path: checked by the handler against the namespace it is of. */
export const accountParamsSchema = z.object({ address: z.string().max(200) });

const unanchored = (pattern: RegExp) => pattern.source.replace(/^\^/, '').replace(/\$$/, '');

/** An asset id `<chain id>:<token>` of a namespace of `chains`; the token is checked by its namespace. */
export const assetIdSchema = (chains: readonly ServerChain[]) =>
  z
    .string()
    .check(
      z.regex(
        new RegExp(`^(?:${chains.map((c) => unanchored(c.chainIdPattern)).join('|')}):[^:]{1,128}$`),
        chains.flatMap((c) => (c.tokens ? [c.tokens.rule] : [])).join(', or ') || 'must be <chain id>:<token>',
      ),
    );

/** The HTTP error for a failure of the chain's node (or of the domain's input checks); other errors as they are. */
export function rpcFailure(err: unknown, chainId: string, rpcUrl: string): unknown {
  if (err instanceof RpcUnavailableError) {
    return new HttpError(503, `The chain RPC of ${chainId} (${rpcUrl}) is not answering: ${err.message}`, undefined, {
      'retry-after': '1',
    });
  }
  if (err instanceof RpcResponseError)
    return new HttpError(502, `The chain RPC of ${chainId} (${rpcUrl}) answered with an error: ${err.message}`);
  if (err instanceof InputError) return new HttpError(400, err.message, err.field);
  return err;
}

const READ_WORDS: Record<AccountRead, string> = {
  history: 'account history',
  nfts: 'NFTs',
  tokens: 'token metadata',
  utxos: 'unspent outputs',
  fees: 'fee estimates',
};

/** The namespace of a request: the one of its chain id, else the one its address is of, else the first. */
export function requestChain(chains: readonly ServerChain[], address: string, asked: string | undefined): ServerChain {
  const chain = asked === undefined ? chains.find((c) => c.address.pattern.test(address)) : chainOfId(asked, chains);
  return chain ?? chains[0]!;
}

/** Refuses, naming it, a namespace whose node does not answer `read`; `field` is what named the namespace. */
export function checkReads(chains: readonly ServerChain[], chain: ServerChain, read: AccountRead, field: string): void {
  if (chain.reads.includes(read)) return;
  const others = chains.filter((c) => c.reads.includes(read)).map((c) => c.namespace);
  throw new HttpError(
    400,
    `This server has no ${READ_WORDS[read]} on the ${chain.namespace} namespace` + (others.length ? ` (only on ${others.join(', ')})` : ''),
    field,
  );
}

/** A namespace's node, for its reads. */
export interface NodeOf {
  /** The node of a namespace, when the server was started with one. */
  (namespace: string): ChainNode | undefined;
}

/** The namespace's node and its chain; `asked`, when given, must be that chain (`field` names it). */
export async function chainNode(
  nodeOf: NodeOf,
  chain: ServerChain,
  asked: string | undefined,
  refusal = (chainId: string) => `Invalid query parameter 'chainId': chain '${asked}' is not supported (supported: ${chainId})`,
  field = 'chainId',
): Promise<{ node: ChainNode; chainId: string }> {
  const node = nodeOf(chain.namespace);
  if (!node) throw new HttpError(503, chain.missingNode, 'chainId');
  let chainId: string;
  try {
    chainId = await node.chainId();
  } catch (err) {
    throw rpcFailure(err, asked ?? chain.namespace, node.publicUrl);
  }
  if (asked !== undefined && asked !== chainId) throw new HttpError(400, refusal(chainId), field);
  return { node, chainId };
}

/** Runs one of the node's reads; a failure of the node names its chain and RPC. */
export async function onNode<K extends keyof ChainReads | keyof UtxoReads | 'balances', T>(
  node: ChainNode,
  chainId: string,
  read: K,
  run: (method: NonNullable<ChainNode[K]>) => Promise<T>,
): Promise<T> {
  const method = node[read];
  if (!method) throw new Error(`The ${node.namespace} node lists ${read} among its reads but has no such method`);
  try {
    return await run(method as NonNullable<ChainNode[K]>);
  } catch (err) {
    throw rpcFailure(err, chainId, node.publicUrl);
  }
}
