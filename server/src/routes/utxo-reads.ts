/**
 * The Blockchain API's reads of UTXO chains (issue 33: Bitcoin through `--bitcoin-esplora`): an
 * account's unspent outputs with its confirmed and unconfirmed balance, and a chain's fee
 * estimates. Like ./blockchain.ts they reach a namespace through the registry: a namespace whose
 * node has no such read is refused naming it, one with no node is a 503 naming its flag, a node
 * that does not answer a 503 and one that answers wrongly a 502, both naming it (./chain-reads.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { feeEstimatesReplySchema, utxoReplySchema } from '../../../src/wire/blockchain-api.js';
import { chainOfId } from '../chains/index.js';
import { HttpError } from '../errors.js';
import { accountParamsSchema, chainIdQuery, chainNode, checkReads, onNode, requestChain } from './chain-reads.js';
import { errorReplies, projectQueryShape } from './schemas.js';

export const utxoReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chains } = app.blockchain;
  const nodeOf = (namespace: string) => app.blockchain.node(namespace);
  const config = { access: 'allowed-origins' } as const;
  const querystring = z.object({ ...projectQueryShape, chainId: chainIdQuery(chains) });

  app.get(
    '/v1/account/:address/utxos',
    {
      config,
      schema: {
        summary: "An account's unspent outputs and its confirmed and unconfirmed balance (UTXO chains)",
        params: accountParamsSchema,
        querystring,
        response: { 200: utxoReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { address } = request.params;
      const asked = request.query.chainId;
      const chain = requestChain(chains, address, asked);
      checkReads(chains, chain, 'utxos', asked === undefined ? 'address' : 'chainId');
      if (!chain.address.pattern.test(address))
        throw new HttpError(400, `Invalid path parameter 'address': ${chain.address.rule}`, 'address');
      const { node, chainId } = await chainNode(nodeOf, chain, asked);
      return onNode(node, chainId, 'utxos', (utxos) => utxos(chainId, chain.address.normalize(address)));
    },
  );

  app.get(
    '/v1/fee-estimates',
    {
      config,
      schema: {
        summary: 'Fee rates of a UTXO chain: fast, normal and slow',
        querystring,
        response: { 200: feeEstimatesReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const asked = request.query.chainId;
      if (asked === undefined) throw new HttpError(400, "Invalid query parameter 'chainId': name the chain", 'chainId');
      const chain = chainOfId(asked, chains)!;
      checkReads(chains, chain, 'fees', 'chainId');
      const { node, chainId } = await chainNode(nodeOf, chain, asked);
      return onNode(node, chainId, 'fees', (fees) => fees(chainId));
    },
  );
};
