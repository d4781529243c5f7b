/**
 * The one e-mail rule of the whole product: the modal's forms, the frame's messages and the
 * backend's auth API all check an address with it, so the form refuses what the server would.
 * RFC 5321's limits (at most 254 characters in all, at most 64 before the '@'), then a shape:
 * no spaces, one '@', a domain with a dot.
 */

/** RFC 5321: a path is at most 256 octets with its angle brackets, so an address at most 254. */
export const EMAIL_MAX_LENGTH = 254;
/** RFC 5321: the local part (before the '@') is at most 64 octets. */
export const EMAIL_LOCAL_MAX_LENGTH = 64;
/** The shape, with the local part's limit (the total limit is checked as a length). */
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/**
 * An address already stored, as replies carry it: the shape without the local part's limit,
 * which came later (an account made before keeps working; new input follows EMAIL_PATTERN).
 */
export const STORED_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with an address: empty, too long in all, too long before the '@', or malformed. */
export type EmailAddressProblem = 'REQUIRED' | 'TOO_LONG' | 'LOCAL_TOO_LONG' | 'INVALID';

/** The address's problem (it is taken as given: trim it first), or undefined when the rule accepts it. */
export function emailAddressProblem(value: string): EmailAddressProblem | undefined {
  if (value === '') return 'REQUIRED';
  if (value.length > EMAIL_MAX_LENGTH) return 'TOO_LONG';
  const at = value.lastIndexOf('@');
  if (at > EMAIL_LOCAL_MAX_LENGTH) return 'LOCAL_TOO_LONG';
  return EMAIL_PATTERN.test(value) ? undefined : 'INVALID';
}
