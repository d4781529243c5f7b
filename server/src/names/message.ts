/**
 * The checks of a registration's signed message (POST /v1/profile/account): JSON of
 * `{ name, attributes, timestamp }` (zod), the name `<label>.<zone>` in this registry's zone
 * with a valid label (spec section 5), no attributes, and a timestamp within 5 minutes of the
 * server's clock either way, parsed strictly (each key once: ./strict-json.ts). Each failure is a
 * 400 naming what is wrong.
 */
import { NAME_TIMESTAMP_WINDOW_S, nameLabelProblem, nameMessageSchema, type NameMessage } from '../../../src/wire/names-api.js';
import { HttpError } from '../errors.js';
import { repeatedJsonKey } from './strict-json.js';

/** The label of `name` when it ends in `.<zone>` (any case), else undefined. */
export function labelInZone(name: string, zone: string): string | undefined {
  const suffix = `.${zone}`;
  return name.length > suffix.length && name.toLowerCase().endsWith(suffix) ? name.slice(0, -suffix.length) : undefined;
}

/** The label's problem as a 400 naming `field`. */
export function checkLabel(label: string, field: string): void {
  const problem = nameLabelProblem(label);
  if (problem) throw new HttpError(400, problem, field);
}

export interface CheckedNameMessage extends NameMessage {
  label: string;
  /** `<label>.<zone>` with the zone as configured. */
  fullName: string;
}

export function checkNameMessage(text: string, zone: string, nowMs: number): CheckedNameMessage {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Invalid message: not JSON text of { name, attributes, timestamp }', 'message');
  }
  const repeated = repeatedJsonKey(text);
  if (repeated !== undefined) {
    throw new HttpError(
      400,
      repeated === '__proto__'
        ? "Invalid message: the key '__proto__' is not allowed"
        : `Invalid message: the key '${repeated}' occurs more than once (each field exactly once)`,
      'message',
    );
  }
  const parsed = nameMessageSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `'${issue.path.join('.')}' ` : '';
    const what = issue.code === 'unrecognized_keys' ? `unknown key '${issue.keys[0]}'` : `${where}${issue.message}`;
    throw new HttpError(400, `Invalid message: ${what}`, `message${issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}`);
  }
  const message = parsed.data;
  if (Object.keys(message.attributes).length > 0) {
    throw new HttpError(400, 'Invalid message: attributes must be empty ({})', 'message.attributes');
  }
  const label = labelInZone(message.name, zone);
  if (label === undefined) throw new HttpError(400, `Name must end in .${zone}`, 'message.name');
  checkLabel(label, 'message.name');
  const skew = message.timestamp - Math.floor(nowMs / 1000);
  if (skew < -NAME_TIMESTAMP_WINDOW_S) {
    throw new HttpError(400, 'Message expired: its timestamp is more than 5 minutes old', 'message.timestamp');
  }
  if (skew > NAME_TIMESTAMP_WINDOW_S) {
    throw new HttpError(400, 'Message timestamp is more than 5 minutes in the future', 'message.timestamp');
  }
  return { ...message, label, fullName: `${label}.${zone}` };
}
