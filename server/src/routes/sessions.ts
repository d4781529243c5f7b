/**
 * Smart-account sessions (ERC-7715), spec 7's session routes (the project in the query, its
 * allowed origins, bounded bodies):
 * - POST /v1/sessions: the wallet's frame registers a granted session: the Safe, the pci (unique),
 *   the dApp's origin, what it grants, the expiry, the permissions context (the Safe's Roles
 *   proxy, the role, the session account, the allowance keys) and the revoke user operation the
 *   owner signed with validAfter = expiry (./sessions-revoke.ts submits it when the session
 *   expires). `signature` is the account's signature of `registrationMessage(...)`, verified by
 *   ERC-6492/EIP-1271 (viem's verifyMessage) or, for a Safe whose fallback handler answers no
 *   EIP-1271, as a signature by one of its owners.
 * - GET /v1/sessions/{address}: the account's sessions, newest first: origin, permissions, what is
 *   left of each allowance (read from Roles' `allowances(key)`), expiry and status.
 * - POST /v1/sessions/{address}/revoke (body pci, signature): `signature` is the owner's signature
 *   of the registered revoke operation with no validAfter; the backend submits it through its
 *   bundler, and the session is revoked once it lands.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseAbi, recoverMessageAddress, type Address, type Hex } from 'viem';
import * as z from 'zod';
import { EVM_ADDRESS, EVM_ADDRESS_RULE } from '../chains/eip155/chain.js';
import { HttpError } from '../errors.js';
import { smartSessionsRepository, type SmartSessionRecord } from '../storage/smart-sessions.js';
import type { SmartAccountRouteOptions } from './bundler.js';
import { addressParamsSchema, errorReplies, projectQuerySchema } from './schemas.js';
import { endSession, RevokeError, sweepExpiredSessions } from './sessions-revoke.js';
import { caipChainId } from '../chains/eip155/chain.js';

/** How often each instance looks for expired sessions to revoke. */
export const SESSION_SWEEP_MS = 30_000;

/** Bodies are small: a grant's permissions and one user operation. */
export const SESSION_BODY_LIMIT = 64 * 1024;

const address = z.string().regex(EVM_ADDRESS, EVM_ADDRESS_RULE);
const bytes32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 32 bytes of hex');
const hexData = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'must be hex bytes')
  .max(40_000);
const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity');
const pci = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'must be 8 to 100 letters, digits, - or _');

/** An EntryPoint v0.7 user operation as JSON-RPC carries it. */
const userOperation = z.object({
  sender: address,
  nonce: quantity,
  factory: address.optional(),
  factoryData: hexData.optional(),
  callData: hexData,
  callGasLimit: quantity,
  verificationGasLimit: quantity,
  preVerificationGas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  paymaster: address.optional(),
  paymasterVerificationGasLimit: quantity.optional(),
  paymasterPostOpGasLimit: quantity.optional(),
  paymasterData: hexData.optional(),
  signature: hexData,
});

const permission = z.object({
  type: z.enum(['native-token-recurring-allowance', 'erc20-recurring-allowance', 'contract-call']),
  data: z.record(z.string(), z.unknown()),
});

const registerBody = z.object({
  chainId: z.string().regex(/^eip155:[1-9][0-9]{0,15}$/, 'must be a CAIP-2 eip155 chain id'),
  account: address,
  pci,
  origin: z.string().url().max(300),
  permissions: z.array(permission).min(1).max(16),
  expiry: z.number().int().positive(),
  context: z.object({
    roles: address,
    roleKey: bytes32,
    sessionAccount: address,
    /** The allowance keys, by the index of their permission. */
    allowanceKeys: z
      .array(z.object({ permission: z.number().int().min(0).max(15), key: bytes32 }))
      .max(16)
      .default([]),
  }),
  revokeOp: userOperation,
  signature: hexData,
});

/** What the account signs to register a session. */
export const registrationMessage = (b: { pci: string; account: string; chainId: string; origin: string; expiry: number }): string =>
  `w3kit session ${b.pci}\naccount: ${b.account.toLowerCase()}\nchain: ${b.chainId}\norigin: ${b.origin}\nexpiry: ${b.expiry}`;

const ROLES_ALLOWANCES = parseAbi([
  'function allowances(bytes32 key) view returns (uint128 refill, uint128 maxRefill, uint64 period, uint128 balance, uint64 timestamp)',
]);
const SAFE_OWNERS = parseAbi(['function isOwner(address owner) view returns (bool)']);

const sessionReply = z.object({
  pci: z.string(),
  chainId: z.string(),
  origin: z.string(),
  permissions: z.array(permission),
  allowances: z.array(z.object({ permission: z.number(), left: z.string().nullable() })),
  expiry: z.number(),
  status: z.enum(['active', 'ending', 'revoked', 'expired']),
});

export const sessionRoutes: FastifyPluginAsyncZod<SmartAccountRouteOptions> = async (app, { aa }) => {
  const sessions = smartSessionsRepository(app.storage);
  const config = { access: 'allowed-origins' } as const;
  let sweeping = false;
  const sweeper = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    void aa
      .chain()
      .then((chain) => (chain?.bundlerUrl ? sweepExpiredSessions(aa, sessions) : []))
      .catch(() => [])
      .finally(() => (sweeping = false));
  }, SESSION_SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  async function chainFor(chainId: string) {
    const chain = await aa.chain();
    if (!chain) throw new HttpError(503, 'This server has no EVM chain for sessions: start it with --evm-rpc');
    if (caipChainId(chain.chainId) !== chainId)
      throw new HttpError(400, `Chain ${chainId} has no sessions on this server (it serves ${caipChainId(chain.chainId)})`, 'chainId');
    return chain;
  }

  app.post(
    '/v1/sessions',
    {
      config,
      bodyLimit: SESSION_BODY_LIMIT,
      schema: {
        summary: 'Registers a granted smart-account session (ERC-7715), signed by the account',
        querystring: projectQuerySchema,
        body: registerBody,
        response: { 200: z.object({ success: z.literal(true) }), ...errorReplies },
      },
    },
    async ({ body }) => {
      const chain = await chainFor(body.chainId);
      const now = Math.floor(Date.now() / 1000);
      if (body.expiry <= now) throw new HttpError(400, 'The session has expired already', 'expiry');
      if (body.revokeOp.sender.toLowerCase() !== body.account.toLowerCase())
        throw new HttpError(400, 'The revoke operation must come from the account', 'revokeOp.sender');
      const message = registrationMessage(body);
      const signature = body.signature as Hex;
      const account = body.account as Address;
      let valid = await chain.client.verifyMessage({ address: account, message, signature }).catch(() => false);
      if (!valid) {
        const signer = await recoverMessageAddress({ message, signature }).catch(() => undefined);
        valid =
          signer !== undefined &&
          (await chain.client
            .readContract({ address: account, abi: SAFE_OWNERS, functionName: 'isOwner', args: [signer] })
            .catch(() => false));
      }
      if (!valid) throw new HttpError(400, 'The signature is not the account’s', 'signature');
      const created = await sessions.create({
        pci: body.pci,
        chainId: body.chainId,
        account: body.account,
        origin: body.origin,
        roles: body.context.roles,
        roleKey: body.context.roleKey,
        sessionAccount: body.context.sessionAccount,
        permissions: { list: body.permissions, allowanceKeys: body.context.allowanceKeys },
        expiry: body.expiry,
        revokeOp: body.revokeOp,
        createdAt: Date.now(),
      });
      if (!created) throw new HttpError(409, `Session ${body.pci} is registered already, or the account holds too many sessions`, 'pci');
      return { success: true as const };
    },
  );

  app.get(
    '/v1/sessions/:address',
    {
      config,
      schema: {
        summary: "An account's smart-account sessions: origin, permissions, allowance left, expiry, status",
        params: addressParamsSchema,
        querystring: projectQuerySchema,
        response: { 200: z.object({ sessions: z.array(sessionReply) }), ...errorReplies },
      },
    },
    async ({ params }) => {
      const chain = await aa.chain();
      const now = Math.floor(Date.now() / 1000);
      const list = await sessions.list(params.address);
      return {
        sessions: await Promise.all(
          list.map(async (s) => {
            const stored = s.permissions as { list: z.infer<typeof permission>[]; allowanceKeys: { permission: number; key: Hex }[] };
            const allowances = await Promise.all(
              stored.allowanceKeys.map(async ({ permission: index, key }) => {
                const read = chain
                  ? await chain.client
                      .readContract({ address: s.roles as Address, abi: ROLES_ALLOWANCES, functionName: 'allowances', args: [key] })
                      .catch(() => undefined)
                  : undefined;
                return { permission: index, left: read ? read[3].toString() : null };
              }),
            );
            const status = s.status === 'active' && s.expiry <= now ? ('expired' as const) : s.status;
            return { pci: s.pci, chainId: s.chainId, origin: s.origin, permissions: stored.list, allowances, expiry: s.expiry, status };
          }),
        ),
      };
    },
  );

  app.post(
    '/v1/sessions/:address/revoke',
    {
      config,
      bodyLimit: SESSION_BODY_LIMIT,
      schema: {
        summary: "Revokes a session: submits the owner-signed revoke through the backend's bundler",
        params: addressParamsSchema,
        querystring: projectQuerySchema,
        body: z.object({ pci, signature: hexData }),
        response: { 200: z.object({ success: z.literal(true) }), ...errorReplies },
      },
    },
    async ({ params, body }) => {
      const session: SmartSessionRecord | undefined = await sessions.get(body.pci);
      if (!session || session.account !== params.address) throw new HttpError(404, `Account ${params.address} has no session ${body.pci}`);
      if (session.status === 'revoked' || session.status === 'expired')
        throw new HttpError(409, `Session ${body.pci} has ended already`, 'pci');
      try {
        if (!(await endSession(aa, sessions, session, 'revoked', body.signature)))
          throw new HttpError(409, `Session ${body.pci} is being ended already`, 'pci');
      } catch (err) {
        if (err instanceof RevokeError) throw new HttpError(400, `The session could not be revoked: ${err.message}`, 'signature');
        throw err;
      }
      return { success: true as const };
    },
  );
};
