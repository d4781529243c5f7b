/**
 * The one e-mail rule of the whole product: the modal's forms, the frame's messages and the
 * backend's auth API all check an address with it, so the form refuses what the server would.
 *
 * One mailbox, nothing else: an RFC 5321 dot-atom local part (ASCII; quoted strings, comments
 * and source routes are refused), one '@', and a domain of LDH labels (an internationalized
 * domain is taken in Unicode and kept as its punycode A-labels; no address literals). No
 * lists (',' ';'), display names or angle brackets. RFC 5321's limits: at most 64 characters
 * before the '@', at most 254 in all (of the normalized form).
 *
 * The normalized form (normalizeEmailAddress) is the account's identity and what a mail is
 * sent to: Unicode NFC, the local part lowercased (the product treats addresses
 * case-insensitively), the domain in lowercase ASCII.
 */

/** RFC 5321: a path is at most 256 octets with its angle brackets, so an address at most 254. */
export const EMAIL_MAX_LENGTH = 254;
/** RFC 5321: the local part (before the '@') is at most 64 octets. */
export const EMAIL_LOCAL_MAX_LENGTH = 64;
/**
 * The shape as a pattern, for schemas and the OpenAPI document: no space, no list or display
 * name characters, one '@', a dot in the domain. isEmailAddress is the whole rule.
 */
export const EMAIL_PATTERN = /^[^\s@",;:<>()[\]\\]{1,64}@[^\s@",;:<>()[\]\\]+\.[^\s@",;:<>()[\]\\]+$/;

/**
 * An address already stored, as replies carry it: the shape without the local part's limit,
 * which came later (an account made before keeps working; new input follows the rule).
 */
export const STORED_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with an address: empty, too long in all, too long before the '@', or malformed. */
export type EmailAddressProblem = 'REQUIRED' | 'TOO_LONG' | 'LOCAL_TOO_LONG' | 'INVALID';

/** RFC 5322 atext: a dot-atom is runs of these joined by single dots. */
const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** What a domain may hold before IDNA: letters, marks and digits of any script, hyphens and dots (also the ideographic ones). */
const DOMAIN_CHARS = /^[\p{L}\p{M}\p{N}\-.\u3002\uFF0E\uFF61]+$/u;
/** An LDH label (RFC 1035/5890): letters, digits and inner hyphens, 1-63 characters. */
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The domain in lowercase ASCII (A-labels for an internationalized one), or undefined when it is not a host name. */
function asciiDomain(domain: string): string | undefined {
  if (!DOMAIN_CHARS.test(domain)) return undefined;
  let host: string;
  try {
    // WHATWG URL applies UTS #46 (case folding, NFC, punycode), the same in browsers and Node.
    host = new URL(`http://${domain}/`).hostname;
  } catch {
    return undefined;
  }
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LDH_LABEL.test(label))) return undefined;
  // A top-level label is never all digits (that would be an IPv4 address).
  return /[a-z]/.test(labels.at(-1)!) ? host : undefined;
}

/** Splits and normalizes; the problem when the address is not one plain mailbox. */
function parse(value: string): { address: string } | { problem: EmailAddressProblem } {
  if (value === '') return { problem: 'REQUIRED' };
  const text = value.normalize('NFC');
  if (text.length > EMAIL_MAX_LENGTH) return { problem: 'TOO_LONG' };
  const at = text.lastIndexOf('@');
  if (at > EMAIL_LOCAL_MAX_LENGTH) return { problem: 'LOCAL_TOO_LONG' };
  const local = text.slice(0, at);
  if (at < 1 || !DOT_ATOM.test(local)) return { problem: 'INVALID' };
  const domain = asciiDomain(text.slice(at + 1));
  if (domain === undefined) return { problem: 'INVALID' };
  const address = `${local.toLowerCase()}@${domain}`;
  return address.length > EMAIL_MAX_LENGTH ? { problem: 'TOO_LONG' } : { address };
}

/** The address's problem (it is taken as given: trim it first), or undefined when the rule accepts it. */
export function emailAddressProblem(value: string): EmailAddressProblem | undefined {
  const parsed = parse(value);
  return 'problem' in parsed ? parsed.problem : undefined;
}

/** Whether the rule accepts the address (as given: no trimming). */
export function isEmailAddress(value: string): boolean {
  return emailAddressProblem(value) === undefined;
}

/** The address's normalized form (its identity, and where mail goes), or undefined when the rule refuses it. */
export function normalizeEmailAddress(value: string): string | undefined {
  const parsed = parse(value);
  return 'address' in parsed ? parsed.address : undefined;
}
