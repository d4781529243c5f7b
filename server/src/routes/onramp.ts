/**
 * The on-ramp routes of the Blockchain API (spec 7) over the sandbox provider of
 * server/src/onramp: GET /v1/onramp/options, POST /v1/onramp/quote, POST
 * /v1/generators/onrampurl (a checkout URL on this server's configured public URL, never one
 * from request headers) and ours, GET /v1/onramp/purchases/{session}; plus the checkout page
 * itself. The generator needs the `--evm-rpc` chain (the payout's); sessions last 15 minutes,
 * are bounded per project and swept when lapsed; the generator is limited per client IP. A
 * project whose features turn the on-ramp off (`onramp: false`) gets no options, quotes,
 * checkouts or payouts (403 naming the feature). Payouts are sent at most once (../onramp/settle.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatUnits, getAddress, isAddress, type Hex } from 'viem';
import * as z from 'zod';
import {
  ONRAMP_CHECKOUT_PATH,
  ONRAMP_SESSION_ID,
  onrampOptionsReplySchema,
  onrampPurchaseReplySchema,
  onrampQuoteBodySchema,
  onrampQuoteReplySchema,
  onrampUrlBodySchema,
  onrampUrlReplySchema,
} from '../../../src/wire/onramp-api.js';
import type { PriceSource } from '../blockchain/prices.js';
import { HttpError } from '../errors.js';
import { jsonTextBody } from '../http/validation.js';
import { networkName, onrampOptions, priceQuote } from '../onramp/catalog.js';
import { checkoutPage } from '../onramp/checkout-page.js';
import { createPayout, PayoutError } from '../onramp/payout.js';
import { settlement } from '../onramp/settle.js';
import type { Project } from '../projects.js';
import { ipLimiter, type CounterFactory } from '../rate-limit.js';
import { errorReplies, projectQuerySchema } from './schemas.js';

export const ONRAMP_SESSION_TTL_MS = 15 * 60_000;
const SWEEP_INTERVAL_MS = 10 * 60_000;

export interface OnrampRouteOptions {
  /** The payout account's private key (`--onramp-key`); default Hardhat's dev account 19 (local chains only). */
  key?: Hex;
  now?: () => number;
  prices?: PriceSource;
  /** Unpaid, unexpired sessions per project (default 1,000). */
  maxOpenSessions?: number;
  /** Generated URLs per client IP per minute (default 60). */
  urlsPerIpPerMinute?: number;
  /** How long a submit waits for the payout's receipt (default 30 s); the watcher follows it after. */
  receiptWaitMs?: number;
  /** How often the watcher looks at payouts under way (default 3 s). */
  watchIntervalMs?: number;
  /** Where the per-IP limit of checkouts counts: with `--redis` one window shared by every instance; default this process. */
  counters?: CounterFactory;
}

/** Whether a project's features leave the on-ramp on (unset: the app's own option decides). */
export const onrampAllowed = (project: Pick<Project, 'features'>) => project.features.onramp !== false;

/** 403 naming the feature when the project turned the on-ramp off. */
function requireOnramp(project: Project): void {
  if (!onrampAllowed(project)) {
    throw new HttpError(
      403,
      `The on-ramp is turned off for project '${project.id}' (its feature 'onramp' is false): no quotes or checkouts`,
      'features.onramp',
    );
  }
}

/** A 400 naming the field unless a destination address is all one case or carries a right EIP-55 checksum. */
function checkedAddress(address: string, field: string): Hex {
  const hex = address.slice(2);
  if (hex !== hex.toLowerCase() && hex !== hex.toUpperCase() && !isAddress(address, { strict: true })) {
    throw new HttpError(
      400,
      `Invalid body field '${field}': wrong EIP-55 checksum (write the address with its checksum's mixed case, or all in lower case)`,
      field,
    );
  }
  return getAddress(address.toLowerCase());
}

export const onrampRoutes: FastifyPluginAsyncZod<OnrampRouteOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const prices = options.prices ?? app.blockchain.priceTable;
  const sessions = app.onrampSessions;
  const { indexer } = app.blockchain;
  const payout = indexer ? createPayout(indexer.rpcUrl, options.key) : undefined;
  const settle =
    payout &&
    settlement({
      sessions,
      payout,
      now,
      log: (err, what) => app.log.error({ err }, what),
      receiptWaitMs: options.receiptWaitMs,
      watchIntervalMs: options.watchIntervalMs,
    });
  const maxOpen = options.maxOpenSessions ?? 1000;
  const limitUrls = ipLimiter(options.urlsPerIpPerMinute ?? 60, 60_000, now, 'on-ramp checkouts', options.counters);
  const config = { access: 'allowed-origins' } as const;

  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(
      () => void sessions.sweep(now() - 24 * 3600_000).catch((err: unknown) => app.log.error({ err }, 'on-ramp sweep')),
      SWEEP_INTERVAL_MS,
    );
    sweep.unref();
    await settle?.start();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    settle?.stop();
  });

  const projectAllows = async (projectId: string) => {
    const project = await app.projects.get(projectId);
    return project !== undefined && onrampAllowed(project);
  };
  app.register(async (child) => checkoutPage(child, { sessions, settlement: settle, now, projectAllows }));

  /** The sandbox chain, once the node has answered; 503 without one. */
  const sandboxChain = (): string => {
    if (!indexer || !payout) throw new HttpError(503, 'The sandbox on-ramp needs an EVM chain: start w3kit-server with --evm-rpc URL');
    const chainId = indexer.chainId();
    if (!chainId) throw new HttpError(503, 'The EVM chain RPC has not answered yet', undefined, { 'retry-after': '1' });
    return chainId;
  };

  app.get(
    '/v1/onramp/options',
    {
      config,
      schema: {
        summary: 'What the on-ramp sells and for which currencies (the sandbox sells ETH on the --evm-rpc chain)',
        querystring: projectQuerySchema,
        response: { 200: onrampOptionsReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      requireOnramp(request.caller!.project);
      return onrampOptions(indexer?.chainId());
    },
  );

  app.post(
    '/v1/onramp/quote',
    {
      config,
      preValidation: jsonTextBody,
      schema: {
        summary: 'The price of buying a currency for an amount of fiat',
        querystring: projectQuerySchema,
        body: onrampQuoteBodySchema,
        response: { 200: onrampQuoteReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      requireOnramp(request.caller!.project);
      return (await priceQuote(request.body, indexer?.chainId(), prices)).quote;
    },
  );

  app.post(
    '/v1/generators/onrampurl',
    {
      config,
      preValidation: jsonTextBody,
      schema: {
        summary: 'A checkout URL of the sandbox on-ramp for a wallet',
        querystring: projectQuerySchema,
        body: onrampUrlBodySchema,
        response: { 200: onrampUrlReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      requireOnramp(request.caller!.project);
      await limitUrls(request.ip);
      const { body } = request;
      const addresses = body.destinationWallets.map((w, i) => checkedAddress(w.address, `destinationWallets.${i}.address`));
      const chainId = sandboxChain();
      try {
        await payout!.check();
      } catch (err) {
        throw err instanceof PayoutError ? new HttpError(503, err.message) : err;
      }
      const network = networkName(chainId);
      if (body.defaultNetwork !== undefined && body.defaultNetwork !== network) {
        throw new HttpError(
          400,
          `Invalid body field 'defaultNetwork': the sandbox on-ramp pays on '${network}' (${chainId}) only`,
          'defaultNetwork',
        );
      }
      const index = body.destinationWallets.findIndex((w) => w.blockchains.includes(network));
      const wallet = body.destinationWallets[index];
      if (!wallet) {
        throw new HttpError(
          400,
          `Invalid body field 'destinationWallets': no wallet has '${network}' in its blockchains (the sandbox pays on ${chainId})`,
          'destinationWallets',
        );
      }
      if (wallet.assets !== undefined && !wallet.assets.includes('ETH')) {
        throw new HttpError(400, `Invalid body field 'destinationWallets': the sandbox on-ramp sells ETH only`, 'destinationWallets');
      }
      const fiat = body.presetFiatAmount;
      if (fiat === undefined) {
        throw new HttpError(400, `Invalid body field 'presetFiatAmount': required (the amount of money to pay)`, 'presetFiatAmount');
      }
      if (Math.round(fiat * 100) / 100 !== fiat || fiat > 1e9) {
        throw new HttpError(
          400,
          `Invalid body field 'presetFiatAmount': must be an amount of money (at most 2 decimals)`,
          'presetFiatAmount',
        );
      }
      const paymentCurrency = body.paymentCurrency ?? 'USD';
      let priced;
      try {
        priced = await priceQuote({ purchaseCurrency: 'ETH', paymentCurrency, amount: fiat.toFixed(2), network }, chainId, prices);
      } catch (err) {
        // The quote's own field names, said as the generator's.
        if (err instanceof HttpError && err.field === 'amount')
          throw new HttpError(400, err.message.replace("'amount'", "'presetFiatAmount'"), 'presetFiatAmount');
        throw err;
      }
      const { project } = request.caller!;
      const t = now();
      const session = await sessions.createUnder(
        {
          projectId: project.id,
          chainId,
          address: addresses[index]!,
          asset: 'ETH',
          cryptoAmount: priced.baseUnits.toString(),
          fiatTotal: priced.quote.paymentTotal.amount,
          fiatFee: priced.quote.coinbaseFee.amount,
          fiatCurrency: paymentCurrency,
          createdAt: t,
          expiresAt: t + ONRAMP_SESSION_TTL_MS,
        },
        maxOpen,
      );
      if (!session)
        throw new HttpError(429, `Too many open on-ramp checkouts for project '${project.id}': at most ${maxOpen}; retry later`);
      return { url: `${app.publicUrl()}${ONRAMP_CHECKOUT_PATH}${session.id}` };
    },
  );

  app.get(
    '/v1/onramp/purchases/:session',
    {
      config,
      schema: {
        summary: "A sandbox checkout's state: pending, paid (with its transaction) or expired",
        params: z.object({ session: z.string().regex(ONRAMP_SESSION_ID, 'must be a checkout session id (32 characters)') }),
        querystring: projectQuerySchema,
        response: { 200: onrampPurchaseReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const session = await sessions.get(request.params.session);
      if (!session || session.projectId !== request.caller!.project.id) throw new HttpError(404, 'Unknown checkout session', 'session');
      // Paying stays pending until the chain settles it, even past the checkout's expiry; a failed
      // payout ended the checkout unpaid, as an expired one did.
      const status =
        session.status === 'paid'
          ? 'paid'
          : session.status === 'paying'
            ? 'pending'
            : session.status === 'failed' || session.expiresAt <= now()
              ? 'expired'
              : 'pending';
      return {
        status,
        txHash: session.status === 'failed' ? null : session.txHash,
        purchaseAmount: { amount: formatUnits(BigInt(session.cryptoAmount), 18), currency: session.asset },
        address: session.address,
        chainId: session.chainId,
      } as const;
    },
  );
};
