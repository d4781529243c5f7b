/**
 * The ERC-7677 paymaster service, POST /v1/paymaster/{chainId} (CAIP-2; JSON-RPC 2.0; the project
 * in the query and its allowed origins): `pm_getPaymasterStubData` and `pm_getPaymasterData`,
 * params [userOp, entryPoint, chainId, context], for the verifying paymaster `aa deploy` made
 * (../aa/sponsor.ts signs its data). Each account may have DAILY gas signed for per UTC day
 * (`--paymaster-daily-gas`): pm_getPaymasterData counts the operation's gas limits in storage
 * (../storage/paymaster-budget.ts, atomic across requests and instances) and refuses past it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { numberToHex, type Address, type Hex } from 'viem';
import type { UserOperation } from 'viem/account-abstraction';
import * as z from 'zod';
import { ENTRY_POINT_V07, PAYMASTER_POST_OP_GAS, PAYMASTER_VERIFICATION_GAS } from '../aa/constants.js';
import { paymasterStub, sponsor, type PaymasterFields } from '../aa/sponsor.js';
import { paymasterBudgetRepository, utcDay } from '../storage/paymaster-budget.js';
import { chainOf, type SmartAccountRouteOptions } from './bundler.js';
import { errorReplies, projectQuerySchema } from './schemas.js';
import {
  answerRpc,
  chainParamsSchema,
  JSON_RPC_BODY_LIMIT,
  jsonRpcReplySchema,
  jsonRpcRequestSchema,
  RPC,
  RpcRefusal,
  rpcResult,
} from './json-rpc.js';

export const PAYMASTER_METHODS: readonly string[] = ['pm_getPaymasterStubData', 'pm_getPaymasterData'];

/** How long the signed data stays valid (seconds). */
const VALIDITY_S = 15 * 60;

const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity')
  .transform((v) => BigInt(v));
const hexData = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'must be hex bytes')
  .max(100_000);
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address (0x and 40 hex characters)');

/** An EntryPoint v0.7 user operation as JSON-RPC carries it (its paymaster fields and signature are ignored). */
const userOperationSchema = z.object({
  sender: address,
  nonce: quantity,
  factory: address.optional().nullable(),
  factoryData: hexData.optional().nullable(),
  callData: hexData,
  callGasLimit: quantity,
  verificationGasLimit: quantity,
  preVerificationGas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
});

/** The gas one operation may use, as the budget counts it: its limits and the paymaster's. */
const gasOf = (op: z.infer<typeof userOperationSchema>) =>
  op.callGasLimit + op.verificationGasLimit + op.preVerificationGas + PAYMASTER_VERIFICATION_GAS + PAYMASTER_POST_OP_GAS;

const reply = (fields: PaymasterFields, stub: boolean) => ({
  paymaster: fields.paymaster,
  paymasterData: fields.paymasterData,
  paymasterVerificationGasLimit: numberToHex(fields.paymasterVerificationGasLimit),
  paymasterPostOpGasLimit: numberToHex(fields.paymasterPostOpGasLimit),
  ...(stub ? { isFinal: false } : {}),
});

export const paymasterRoutes: FastifyPluginAsyncZod<SmartAccountRouteOptions> = async (app, { aa }) => {
  const budget = paymasterBudgetRepository(app.storage);

  app.post(
    '/v1/paymaster/:chainId',
    {
      config: { access: 'allowed-origins' },
      bodyLimit: JSON_RPC_BODY_LIMIT,
      schema: {
        summary: 'ERC-7677 paymaster service: sponsors user operations up to a daily gas budget per account',
        params: chainParamsSchema,
        querystring: projectQuerySchema,
        body: jsonRpcRequestSchema,
        response: { 200: jsonRpcReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { body } = request;
      const asked = request.params.chainId;
      return answerRpc(body, async () => {
        if (!PAYMASTER_METHODS.includes(body.method))
          throw new RpcRefusal(
            RPC.methodNotFound,
            `Method '${body.method}' is not served by the paymaster route; it serves ${PAYMASTER_METHODS.join(', ')}`,
          );
        const chain = await chainOf(aa, asked, 'paymaster');
        if (!chain.paymaster)
          throw new RpcRefusal(
            RPC.unavailable,
            `Chain ${asked} has no paymaster on this server: start it with --paymaster and --paymaster-key`,
          );
        const [op, entryPoint, chainId] = body.params ?? [];
        const parsed = userOperationSchema.safeParse(op);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw new RpcRefusal(RPC.invalidParams, `Invalid user operation field '${issue.path.join('.') || 'userOp'}': ${issue.message}`);
        }
        if (typeof entryPoint !== 'string' || entryPoint.toLowerCase() !== ENTRY_POINT_V07.toLowerCase())
          throw new RpcRefusal(RPC.invalidParams, `The paymaster sponsors operations of EntryPoint v0.7 (${ENTRY_POINT_V07}) only`);
        if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(chainId) || BigInt(chainId) !== BigInt(chain.chainId))
          throw new RpcRefusal(RPC.invalidParams, `The chain id parameter must be ${numberToHex(chain.chainId)}, the chain of ${asked}`);
        const userOp = parsed.data;
        const { address: paymaster, key } = chain.paymaster;
        const validUntil = Math.floor(Date.now() / 1000) + VALIDITY_S;
        const account = userOp.sender.toLowerCase();
        const day = utcDay(Date.now());
        const gas = gasOf(userOp);
        if (body.method === 'pm_getPaymasterStubData') {
          if ((await budget.spent(asked, account, day)) >= aa.dailyGas) throw budgetRefusal(aa.dailyGas);
          return rpcResult(body, reply(paymasterStub(paymaster as Address, validUntil), true));
        }
        if (gas > BigInt(aa.dailyGas) || !(await budget.spend(asked, account, day, Number(gas), aa.dailyGas)))
          throw budgetRefusal(aa.dailyGas);
        let fields: PaymasterFields;
        try {
          fields = await sponsor({
            client: chain.client,
            paymaster: paymaster as Address,
            signer: key as Hex,
            userOperation: {
              ...userOp,
              sender: userOp.sender as Address,
              factory: (userOp.factory ?? undefined) as Address | undefined,
              factoryData: (userOp.factoryData ?? undefined) as Hex | undefined,
              callData: userOp.callData as Hex,
            } as Omit<UserOperation<'0.7'>, 'signature'>,
            validUntil,
          });
        } catch {
          throw new RpcRefusal(RPC.unavailable, `The paymaster could not sign: the node of ${asked} did not answer its getHash`);
        }
        return rpcResult(body, reply(fields, false));
      });
    },
  );
};

const budgetRefusal = (daily: number) =>
  new RpcRefusal(
    RPC.refused,
    `The paymaster does not sponsor this operation: the account's daily gas budget (${daily} gas) would be exceeded`,
  );
