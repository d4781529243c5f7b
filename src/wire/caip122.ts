/**
 * CAIP-122 sign-in messages ("Sign in with X"), the text a wallet signs: EIP-4361's layout for
 * every namespace, with the account type named by namespace (Ethereum for eip155, Solana for
 * solana; the server's registry gives its namespaces' types). Shared by the client (`w3kit/siwx` builds solana messages with `formatCaip122`; eip155
 * ones with viem's `createSiweMessage`, which gives the same text) and the backend, which parses
 * what it is asked to verify with `parseCaip122`.
 *
 *   ${domain} wants you to sign in with your ${Type} account:
 *   ${address}
 *
 *   ${statement}            (empty without one: two blank lines then)
 *
 *   URI: ${uri}
 *   Version: 1
 *   Chain ID: ${reference}  (the CAIP-2 reference: 1, 31337, 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp)
 *   Nonce: ${nonce}
 *   Issued At: ${issuedAt}
 *   Expiration Time: ...    (optional, as are Not Before, Request ID and Resources)
 */

export interface Caip122Fields {
  /** CAIP-2 namespace: one with an account type ('eip155', 'solana'). */
  namespace: string;
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  version: '1';
  /** The CAIP-2 reference (`31337`, a Solana genesis-hash prefix). */
  chainReference: string;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
}

/**
 * The account type each namespace's messages name (`Ethereum` for eip155), one word. A map: a
 * message names the key (`constructor` or `__proto__` must find nothing). The server passes its
 * registry's (server/src/chains); these are the client's.
 */
export type Caip122AccountTypes = ReadonlyMap<string, string>;
export const CAIP122_ACCOUNT_TYPES: Caip122AccountTypes = new Map([
  ['eip155', 'Ethereum'],
  ['solana', 'Solana'],
  ['bip122', 'Bitcoin'],
]);

/** The most a message may hold: what a wallet shows is short, and a server parses it before anything else. */
export const CAIP122_MAX_LENGTH = 4096;
const NONCE = /^[A-Za-z0-9]{8,64}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export class Caip122Error extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'Caip122Error';
  }
}

/** The message text; throws Caip122Error naming the field that cannot go into one. */
export function formatCaip122(f: Caip122Fields, accountTypes: Caip122AccountTypes = CAIP122_ACCOUNT_TYPES): string {
  const type = accountTypes.get(f.namespace);
  if (type !== undefined && !/^\w+$/.test(type)) throw new Caip122Error('namespace', `The account type "${type}" is not one word`);
  if (!type) throw new Caip122Error('namespace', `No CAIP-122 account type for namespace "${f.namespace}"`);
  if (f.statement?.includes('\n')) throw new Caip122Error('statement', 'The statement must be one line');
  if (!NONCE.test(f.nonce)) throw new Caip122Error('nonce', 'The nonce must be 8 to 64 letters and digits');
  for (const [field, value] of Object.entries({ domain: f.domain, address: f.address, uri: f.uri, chainReference: f.chainReference }))
    if (!value || /\s/.test(value)) throw new Caip122Error(field, `The ${field} must be non-empty with no spaces`);
  const lines = [`${f.domain} wants you to sign in with your ${type} account:`, f.address, ''];
  if (f.statement) lines.push(f.statement);
  lines.push('');
  lines.push(`URI: ${f.uri}`, `Version: ${f.version}`, `Chain ID: ${f.chainReference}`, `Nonce: ${f.nonce}`, `Issued At: ${f.issuedAt}`);
  if (f.expirationTime) lines.push(`Expiration Time: ${f.expirationTime}`);
  if (f.notBefore) lines.push(`Not Before: ${f.notBefore}`);
  if (f.requestId) lines.push(`Request ID: ${f.requestId}`);
  if (f.resources?.length) lines.push('Resources:', ...f.resources.map((r) => `- ${r}`));
  return lines.join('\n');
}

const OPTIONAL_TAGS = [
  ['Expiration Time', 'expirationTime'],
  ['Not Before', 'notBefore'],
  ['Request ID', 'requestId'],
] as const;

/**
 * Parses a message made by `formatCaip122` (or viem's createSiweMessage); throws Caip122Error
 * naming the first field that is missing or malformed. Only the exact layout is accepted.
 */
export function parseCaip122(text: string, accountTypes: Caip122AccountTypes = CAIP122_ACCOUNT_TYPES): Caip122Fields {
  if (typeof text !== 'string' || text.length === 0) throw new Caip122Error('message', 'The message is empty');
  if (text.length > CAIP122_MAX_LENGTH) throw new Caip122Error('message', `The message is longer than ${CAIP122_MAX_LENGTH} characters`);
  const lines = text.split('\n');
  const header = /^(\S+) wants you to sign in with your (\w+) account:$/.exec(lines[0] ?? '');
  if (!header) throw new Caip122Error('domain', 'The first line must be "<domain> wants you to sign in with your <type> account:"');
  const namespace = [...accountTypes].find(([, type]) => type === header[2])?.[0];
  if (!namespace) throw new Caip122Error('namespace', `Unknown account type "${header[2]}"`);
  const address = lines[1] ?? '';
  if (!/^\S+$/.test(address)) throw new Caip122Error('address', 'The second line must be the address');
  if (lines[2] !== '') throw new Caip122Error('address', 'A blank line must follow the address');
  let i = 3;
  let statement: string | undefined;
  if (lines[i] !== '') {
    statement = lines[i];
    i += 1;
  }
  if (lines[i] !== '') throw new Caip122Error('statement', 'A blank line must come before "URI:"');
  i += 1;
  const take = (tag: string, field: string, required: boolean): string | undefined => {
    const line = lines[i];
    if (line?.startsWith(`${tag}: `)) {
      i += 1;
      const value = line.slice(tag.length + 2);
      if (!value || /\s/.test(value)) throw new Caip122Error(field, `"${tag}" must have a value with no spaces`);
      return value;
    }
    if (required) throw new Caip122Error(field, `The line "${tag}: ..." is missing or out of order`);
    return undefined;
  };
  const uri = take('URI', 'uri', true)!;
  const version = take('Version', 'version', true);
  if (version !== '1') throw new Caip122Error('version', 'The version must be 1');
  const chainReference = take('Chain ID', 'chainId', true)!;
  const nonce = take('Nonce', 'nonce', true)!;
  if (!NONCE.test(nonce)) throw new Caip122Error('nonce', 'The nonce must be 8 to 64 letters and digits');
  const issuedAt = take('Issued At', 'issuedAt', true)!;
  const fields: Caip122Fields = { namespace, domain: header[1]!, address, uri, version: '1', chainReference, nonce, issuedAt };
  if (statement !== undefined) fields.statement = statement;
  for (const [tag, key] of OPTIONAL_TAGS) {
    const value = take(tag, key, false);
    if (value !== undefined) fields[key] = value;
  }
  for (const key of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const value = fields[key];
    if (value !== undefined && (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value))))
      throw new Caip122Error(key, `"${value}" is not an RFC 3339 date-time`);
  }
  if (lines[i] === 'Resources:') {
    i += 1;
    const resources: string[] = [];
    while (lines[i]?.startsWith('- ')) resources.push(lines[i++]!.slice(2));
    fields.resources = resources;
  }
  if (i !== lines.length) throw new Caip122Error('message', `Unexpected text on line ${i + 1}`);
  return fields;
}
