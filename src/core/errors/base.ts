/**
 * One error base class with a category and an optional code (DESIGN.md, "Errors"); the subclasses,
 * one per failure, live beside it by area (config, modal, rpc, wallet).
 */
import type { ErrorMessageCode } from './codes.js';

export const ERROR_CATEGORIES = [
  'INTERNAL_SDK_ERROR',
  'CONFIG_ERROR',
  'API_ERROR',
  'WALLET_RPC_ERROR',
  'NETWORK_ERROR',
  'STORAGE_ERROR',
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

export interface W3ErrorOptions {
  code?: number | string | undefined;
  category?: ErrorCategory;
  details?: string | undefined;
  metaMessages?: string[];
  cause?: unknown;
  /** What the user sees, as a code for the elements to localize (the class name of a known failure). */
  messageCode?: ErrorMessageCode | undefined;
  /**
   * What the user sees, in the active locale, for errors whose words live with their chain
   * (a namespace's lazy chunk); read before `messageCode`. Undefined from it: the usual rules.
   */
  localized?: (() => string | undefined) | undefined;
}

export class W3Error extends Error {
  override name = 'W3Error';
  readonly shortMessage: string;
  readonly code: number | string | undefined;
  readonly category: ErrorCategory;
  readonly details: string | undefined;
  readonly metaMessages: string[];
  /** The code of the localized text the user sees (see `src/elements/l10n/errors.ts`); undefined: the message is data. */
  readonly messageCode: ErrorMessageCode | undefined;
  /** The user's text in the active locale, when the error's chain words it (see W3ErrorOptions.localized). */
  readonly localized: (() => string | undefined) | undefined;

  constructor(shortMessage: string, options: W3ErrorOptions = {}) {
    const lines = [shortMessage, ...(options.metaMessages ?? [])];
    if (options.details && options.details !== shortMessage) lines.push(`Details: ${options.details}`);
    super(lines.join('\n'), options.cause === undefined ? undefined : { cause: options.cause });
    this.shortMessage = shortMessage;
    this.code = options.code;
    this.category = options.category ?? 'INTERNAL_SDK_ERROR';
    this.details = options.details;
    this.metaMessages = options.metaMessages ?? [];
    this.messageCode = options.messageCode;
    this.localized = options.localized;
  }

  /** Walks the cause chain; returns the first error `fn` accepts, or the deepest one. */
  walk(fn?: (err: unknown) => boolean): unknown {
    if (fn?.(this)) return this;
    let last: unknown = this as Error;
    let next: unknown = this.cause;
    for (let depth = 0; next !== undefined && depth < 32; depth++) {
      if (fn?.(next)) return next;
      last = next;
      next = next instanceof Error ? next.cause : undefined;
    }
    return fn ? null : last;
  }
}

/** The text to show for a failure: a W3Error's (or viem error's) short message, an Error's message, else `fallback`. */
export function errorText(err: unknown, fallback = 'An error occurred'): string {
  if (err && typeof err === 'object' && 'shortMessage' in err && typeof err.shortMessage === 'string') return err.shortMessage;
  return err instanceof Error ? err.message : fallback;
}
