/**
 * The wire contract of the Provider API (spec section 7), shared by the backend (the
 * `w3kit-server` package) and the client in src/api: the backend validates what it stores and
 * imports with these schemas, the client parses every reply with them before use.
 */
import * as z from 'zod/mini';

const nullableString = z.nullable(z.string());

/** How a wallet can be found as an injected provider: namespace plus injected id (rdns or flag). */
export const injectedEntrySchema = z.object({
  namespace: z.string().check(z.minLength(1)),
  injected_id: z.string().check(z.minLength(1)),
});

/** One wallet of the registry, as GET /getWallets returns it. */
export const walletEntrySchema = z.object({
  id: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'ids are lower-case letters, digits and dashes')),
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  homepage: nullableString,
  image_id: z.string().check(z.minLength(1)),
  order: z.number().check(z.int()),
  rdns: nullableString,
  chains: z.array(z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'chains are CAIP-2 ids'))),
  badge_type: z.enum(['certified', 'none']),
  mobile_link: nullableString,
  desktop_link: nullableString,
  webapp_link: nullableString,
  link_mode: nullableString,
  app_store: nullableString,
  play_store: nullableString,
  chrome_store: nullableString,
  injected: z.nullable(z.array(injectedEntrySchema)),
  supports_wc: z.boolean(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

/** GET /getWallets reply. `count` is the number of wallets matching the query, over all pages. */
export const getWalletsReplySchema = z.object({
  count: z.number().check(z.int(), z.gte(0)),
  data: z.array(walletEntrySchema),
});
export type GetWalletsReply = z.infer<typeof getWalletsReplySchema>;

/** GET /getWallets limits: `entries` defaults to 40 and is at most 100; `search` is at most 100 characters. */
export const GET_WALLETS_LIMITS = { defaultEntries: 40, maxEntries: 100, searchMax: 100 } as const;

/** GET /getWallets query (all optional; lists are comma-separated on the wire). */
export interface GetWalletsParams {
  /** 1-based page (default 1). */
  page?: number;
  /** Page size (default 40, at most 100). */
  entries?: number;
  /** Only these ids. */
  include?: readonly string[];
  /** Not these ids. */
  exclude?: readonly string[];
  /** Case-insensitive part of the name or id; names starting with it come first. */
  search?: string;
  badge_type?: 'certified' | 'none';
  /** Wallets supporting any of these CAIP-2 chains; a bare namespace (`eip155`) means any chain of it. */
  chains?: readonly string[];
}

/** Remote features of a project (the keys of the `features` option that a project may set). */
export const remoteFeaturesSchema = z.partial(
  z.object({
    email: z.boolean(),
    socials: z.union([z.literal(false), z.array(z.string())]),
    swaps: z.boolean(),
    onramp: z.boolean(),
    send: z.boolean(),
    receive: z.boolean(),
    history: z.boolean(),
    analytics: z.boolean(),
  }),
);
export type RemoteFeatures = z.infer<typeof remoteFeaturesSchema>;

/** GET /appkit/v1/config reply. */
export const projectConfigReplySchema = z.object({ features: remoteFeaturesSchema });

/** GET /projects/v1/origins reply. */
export const originsReplySchema = z.object({ allowedOrigins: z.array(z.string()) });

/** GET /getAnalyticsConfig reply. */
export const analyticsConfigReplySchema = z.object({ isAnalyticsEnabled: z.boolean() });

/** POST /e body: one analytics event. */
export const analyticsEventSchema = z.object({
  eventId: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'eventId is a UUID')),
  url: z.string().check(z.maxLength(2048)),
  domain: z.string().check(z.maxLength(255)),
  timestamp: z.number().check(z.int(), z.gte(0)),
  props: z.looseObject({
    type: z.enum(['track', 'error']),
    event: z.string().check(z.minLength(1), z.maxLength(100)),
    address: z.optional(z.string()),
    properties: z.optional(z.record(z.string(), z.unknown())),
    message: z.optional(z.string()),
    stack: z.optional(z.string()),
  }),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/**
 * Error reply of every endpoint: 400 (bad input, `field` names it), 403, 404, 429, and 507 with
 * `code` DISK_FULL when the server's disk is full.
 */
export const errorReplySchema = z.object({ message: z.string(), field: z.optional(z.string()), code: z.optional(z.string()) });
