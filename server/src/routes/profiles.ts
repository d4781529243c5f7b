/**
 * Identities and name profiles of the Blockchain API: GET /v1/identity/{address} (name and
 * avatar), GET /v1/profile/account/{name} (the name's addresses) and
 * GET /v1/profile/reverse/{address} (the profiles naming an address). They need no chain.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { identityReplySchema, profileReplySchema, reverseProfilesReplySchema } from '../../../src/wire/blockchain-api.js';
import { EVM_ADDRESS, EVM_ADDRESS_RULE } from '../chains/eip155/chain.js';
import { PROFILE_NAME, PROFILE_NAME_RULE } from '../blockchain/identities.js';
import { HttpError } from '../errors.js';
import { enumParam, patternParam } from '../http/query.js';
import { addressParamsSchema, chainIdParam, errorReplies, projectQueryShape } from './schemas.js';

/** The profile routes answer version 2 only (absent means 2). */
const apiVersionParam = () => enumParam(['2']);
const senderParam = () => patternParam(EVM_ADDRESS, EVM_ADDRESS_RULE, { lowerCase: true });

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'allowed-origins' } as const;

  app.get(
    '/v1/identity/:address',
    {
      config,
      schema: {
        summary: "An address's name and avatar",
        params: addressParamsSchema,
        querystring: z.object({ ...projectQueryShape, sender: senderParam(), chainId: chainIdParam() }),
        response: { 200: identityReplySchema, ...errorReplies },
      },
    },
    async (request) => app.blockchain.identity(request.params.address),
  );

  app.get(
    '/v1/profile/account/:name',
    {
      config,
      schema: {
        summary: "A name's addresses (by SLIP-44 coin type) and attributes",
        params: z.object({ name: z.string().regex(PROFILE_NAME, PROFILE_NAME_RULE) }),
        querystring: z.object({ ...projectQueryShape, apiVersion: apiVersionParam() }),
        response: { 200: profileReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { name } = request.params;
      const profile = await app.blockchain.profile(name);
      if (!profile) throw new HttpError(404, `No profile named '${name}'`);
      return profile;
    },
  );

  app.get(
    '/v1/profile/reverse/:address',
    {
      config,
      schema: {
        summary: 'The profiles naming an address',
        params: addressParamsSchema,
        querystring: z.object({ ...projectQueryShape, apiVersion: apiVersionParam(), sender: senderParam() }),
        response: { 200: reverseProfilesReplySchema, ...errorReplies },
      },
    },
    async (request) => app.blockchain.reverseProfiles(request.params.address),
  );
};
