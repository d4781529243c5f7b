/**
 * GET /v1/smart-accounts/{chainId} (CAIP-2): the contracts a smart account of this backend's
 * chain uses, so the embedded wallet can compute its Safe's counterfactual address at once and
 * build user operations without asking anything else: the EntryPoint v0.7, Safe 1.4.1's
 * singleton (SafeL2), proxy factory, MultiSend and MultiSendCallOnly, Safe4337Module 0.3.0 and
 * SafeModuleSetup (all where `aa deploy` puts them through the CREATE2 deployer with salt 0,
 * the same on every chain: SAFE_4337_CONTRACTS, checked against ../aa/deploy.ts's
 * safeContracts() in test/aa-routes.test.ts), and the verifying paymaster. 404 in words when the
 * chain is not a smart-account enabled network of this server.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { ENTRY_POINT_V07 } from '../aa/constants.js';
import { caipChainId } from '../chains/eip155/chain.js';
import { HttpError } from '../errors.js';
import type { SmartAccountRouteOptions } from './bundler.js';
import { chainParamsSchema } from './json-rpc.js';
import { errorReplies, projectQuerySchema } from './schemas.js';

/** Where `aa deploy` puts the Safe contracts (deterministic; the same on every chain). */
export const SAFE_4337_CONTRACTS = {
  safeSingletonAddress: '0x76667330c237Fb40f28d74563cdAAae4b06C23Ec',
  safeProxyFactoryAddress: '0xd9d2Ba03a7754250FDD71333F444636471CACBC4',
  safe4337ModuleAddress: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
  safeModuleSetupAddress: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
  multiSendAddress: '0x7B21BBDBdE8D01Df591fdc2dc0bE9956Dde1e16C',
  multiSendCallOnlyAddress: '0x32228dDEA8b9A2bd7f2d71A958fF241D79ca5eEC',
} as const;

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

export const smartAccountContractsSchema = z.object({
  chainId: z.string(),
  account: z.literal('safe-1.4.1'),
  entryPoint: z.object({ address, version: z.literal('0.7') }),
  safeSingletonAddress: address,
  safeProxyFactoryAddress: address,
  safe4337ModuleAddress: address,
  safeModuleSetupAddress: address,
  multiSendAddress: address,
  multiSendCallOnlyAddress: address,
  paymaster: address,
});

export const smartAccountRoutes: FastifyPluginAsyncZod<SmartAccountRouteOptions> = async (app, { aa }) => {
  app.get(
    '/v1/smart-accounts/:chainId',
    {
      config: { access: 'allowed-origins' },
      schema: {
        summary: "The contracts of the chain's smart accounts (Safe 1.4.1 with the 4337 module, EntryPoint v0.7, paymaster)",
        params: chainParamsSchema,
        querystring: projectQuerySchema,
        response: { 200: smartAccountContractsSchema, ...errorReplies },
      },
    },
    async (request) => {
      const asked = request.params.chainId;
      const chain = await aa.chain();
      if (!chain || caipChainId(chain.chainId) !== asked || !chain.paymaster || !(await aa.enabled()))
        throw new HttpError(404, `Chain ${asked} is not a smart-account enabled network of this server`);
      return {
        chainId: asked,
        account: 'safe-1.4.1' as const,
        entryPoint: { address: ENTRY_POINT_V07, version: '0.7' as const },
        ...SAFE_4337_CONTRACTS,
        paymaster: chain.paymaster.address,
      };
    },
  );
};
