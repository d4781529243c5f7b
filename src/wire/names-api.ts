/**
 * The wire contract of the name registry (spec sections 5, 7, 8), shared by the backend and the
 * client: GET /v1/profile/suggestions/{name}?zone= and POST /v1/profile/account, whose signed
 * message is `JSON.stringify({ name: '<label>.<zone>', attributes: {}, timestamp: <unix s> })`.
 * A label is at least 4 (at most 63) letters, digits and hyphens, not starting or ending with a
 * hyphen, without hyphens in its 3rd and 4th places (reserved in DNS for 'xn--' punycode); refusals answer
 * `{ message, field?, reasons: [{ description }] }` so a client shows the first reason.
 */
import * as z from 'zod/mini';

/** The registry's zone unless the backend is started with `--name-zone`. */
export const DEFAULT_NAME_ZONE = 'w3kit.id';
/** Spec section 9: a name's label has at least 4 characters. */
export const NAME_MIN_LENGTH = 4;
export const NAME_MAX_LENGTH = 63;
/** Letters, digits and hyphens only (spec section 5). */
export const NAME_LABEL_CHARS = /^[A-Za-z0-9-]*$/;
/** A zone: dot-separated labels of letters, digits and hyphens. */
export const NAME_ZONE = /^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63}){0,4}$/;
/** How far a registration's timestamp may be from the server's clock, either way. */
export const NAME_TIMESTAMP_WINDOW_S = 300;
/** SLIP-44 coin type of Ether: the only coin a registration names. */
export const NAME_COIN_TYPE = 60;

/** Why a label is not valid, as a code (a client words it in the active locale). */
export type NameLabelIssue = 'chars' | 'short' | 'long' | 'hyphen-edge' | 'hyphen-34';

/** The English of each issue: the server's refusals (reasons[0].description). */
export const NAME_LABEL_ISSUE_TEXT: Record<NameLabelIssue, string> = {
  chars: 'Use only letters, digits and hyphens',
  short: `Name must be at least ${NAME_MIN_LENGTH} characters`,
  long: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  'hyphen-edge': 'A name cannot start or end with a hyphen',
  'hyphen-34': 'A name cannot have hyphens as its 3rd and 4th characters',
};

/**
 * Why `label` is not a valid label, as a code; undefined when it is. A label is a DNS label
 * (RFC 5891): no hyphen first or last, and none in both the 3rd and 4th places ('xn--' and the
 * like are reserved for punycode).
 */
export function nameLabelIssue(label: string): NameLabelIssue | undefined {
  if (!NAME_LABEL_CHARS.test(label)) return 'chars';
  if (label.length < NAME_MIN_LENGTH) return 'short';
  if (label.length > NAME_MAX_LENGTH) return 'long';
  if (label.startsWith('-') || label.endsWith('-')) return 'hyphen-edge';
  if (label.slice(2, 4) === '--') return 'hyphen-34';
  return undefined;
}

/** Why `label` is not a valid label, in words; undefined when it is. */
export function nameLabelProblem(label: string): string | undefined {
  const issue = nameLabelIssue(label);
  return issue === undefined ? undefined : NAME_LABEL_ISSUE_TEXT[issue];
}

/** One suggestion: a full name (`alice1.w3kit.id`) and whether it is taken. */
export const nameSuggestionSchema = z.object({ name: z.string(), registered: z.boolean() });
export type NameSuggestion = z.infer<typeof nameSuggestionSchema>;

/**
 * GET /v1/profile/suggestions/{name}?zone= reply: the name itself first (`registered` when
 * taken), then free variants; `zone` is the zone the registry serves (w3kit's own addition).
 */
export const nameSuggestionsReplySchema = z.object({ zone: z.optional(z.string()), suggestions: z.array(nameSuggestionSchema) });
export type NameSuggestionsReply = z.infer<typeof nameSuggestionsReplySchema>;

/** The message a registration signs, once parsed from its JSON text. */
export const nameMessageSchema = z.strictObject({
  name: z.string().check(z.maxLength(255)),
  attributes: z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(2048))),
  timestamp: z.number().check(z.int(), z.gte(0)),
});
export type NameMessage = z.infer<typeof nameMessageSchema>;

/** POST /v1/profile/account body. */
export const registerNameBodySchema = z.object({
  coin_type: z.literal(NAME_COIN_TYPE),
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x and 40 hex characters')),
  message: z.string().check(z.minLength(1), z.maxLength(4096)),
  signature: z.string().check(z.regex(/^0x([0-9a-fA-F]{2}){1,8192}$/, 'must be 0x and hex bytes (at most 8 KiB)')),
});
export type RegisterNameBody = z.infer<typeof registerNameBodySchema>;

/** POST /v1/profile/account reply. */
export const registerNameReplySchema = z.object({ success: z.literal(true) });

/** A refusal of the name routes: the API's one error shape plus `reasons` (the first one is shown). */
export const nameErrorReplySchema = z.object({
  message: z.string(),
  field: z.optional(z.string()),
  reasons: z.optional(z.array(z.object({ description: z.string() }))),
  /** DISK_FULL (507) when the server's disk is full. */
  code: z.optional(z.string()),
});

/** The text a registration signs for `name` at `timestamp` (unix seconds). */
export function nameRegistrationMessage(name: string, timestamp: number): string {
  return JSON.stringify({ name, attributes: {}, timestamp });
}
