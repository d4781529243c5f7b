/**
 * The browser implementation's checks of a session before it keeps it: the signed text must be
 * the session's own data (parsed back with parseCaip122), for this page's domain, live, and signed
 * by the account: eip155 by EIP-191 recovery, else EIP-1271 `isValidSignature` on chain; solana
 * by ed25519 over the UTF-8 text.
 */
import { ed25519 } from '@noble/curves/ed25519';
import { createPublicClient, hashMessage, http, isHex, parseAbi, verifyMessage, type Address, type Hex } from 'viem';
import type { SIWXSession } from '../core/siwx.js';
import { base58Decode } from '../wire/base58.js';
import { Caip122Error, parseCaip122, type Caip122Fields } from '../wire/caip122.js';
import { presetByCaipId } from '../wire/networks.js';
import { SIWX_CLOCK_SKEW_MS } from '../wire/siwx-api.js';
import { SiwxError } from './errors.js';
import { currentHost } from './message.js';

/** EIP-1271's magic value: `isValidSignature(hash, signature)` returns it for a good signature. */
const EIP1271_MAGIC = '0x1626ba7e';
const EIP1271_ABI = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']);
const RPC_TIMEOUT_MS = 10_000;

/** Whether two addresses of `namespace` are the same account (eip155 ignores case). */
export function sameAccount(namespace: string, a: string, b: string): boolean {
  return namespace === 'eip155' ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/**
 * Checks everything but the signature and returns the parsed text: it parses, matches the
 * session's data (address, chain, domain, URI, nonce), names this page's host, and is live at `now`.
 * Throws SiwxError naming what is wrong.
 */
export function checkSessionMessage(session: SIWXSession, now = Date.now()): Caip122Fields {
  let fields: Caip122Fields;
  try {
    fields = parseCaip122(session.message);
  } catch (err) {
    if (err instanceof Caip122Error) throw new SiwxError(`The message is malformed: ${err.message}`, { cause: err });
    throw err;
  }
  const data = session.data;
  const mismatch = (what: string): SiwxError => new SiwxError(`The message's ${what} is not the session's`);
  if (`${fields.namespace}:${fields.chainReference}` !== data.chainId) throw mismatch('chain');
  if (!sameAccount(fields.namespace, fields.address, data.accountAddress)) throw mismatch('address');
  if (fields.domain !== data.domain) throw mismatch('domain');
  if (fields.uri !== data.uri) throw mismatch('URI');
  if (fields.nonce !== data.nonce) throw mismatch('nonce');
  const host = currentHost();
  if (!host) throw new SiwxError('No page location to check the message domain against');
  if (fields.domain !== host) throw new SiwxError('The message is for another domain');
  let uriHost: string;
  try {
    uriHost = new URL(fields.uri).host;
  } catch {
    throw new SiwxError('The message URI is not a URL');
  }
  if (uriHost !== host) throw new SiwxError('The message URI is for another domain');
  if (Date.parse(fields.issuedAt) > now + SIWX_CLOCK_SKEW_MS) throw new SiwxError('The message is issued in the future');
  if (fields.expirationTime && Date.parse(fields.expirationTime) <= now) throw new SiwxError('The session has expired');
  if (fields.notBefore && Date.parse(fields.notBefore) > now + SIWX_CLOCK_SKEW_MS) throw new SiwxError('The session is not valid yet');
  return fields;
}

/** Whether an eip155 signature recovers to `address` (EIP-191 personal_sign); false for a malformed one. */
async function isEoaSignature(address: Address, message: string, signature: Hex): Promise<boolean> {
  try {
    return await verifyMessage({ address, message, signature });
  } catch {
    return false;
  }
}

/** EIP-1271 on chain: whether the contract at `address` accepts the signature of the message's hash. */
async function isContractSignature(rpcUrl: string, address: Address, message: string, signature: Hex): Promise<boolean> {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 0 }) });
  let code: Hex | undefined;
  try {
    code = await client.getCode({ address });
  } catch (err) {
    throw new SiwxError(
      `Could not check the contract account's signature: ${(err as { shortMessage?: string }).shortMessage ?? String(err)}`,
      {
        cause: err,
      },
    );
  }
  if (!code || code === '0x') return false;
  try {
    const result = await client.readContract({
      address,
      abi: EIP1271_ABI,
      functionName: 'isValidSignature',
      args: [hashMessage(message), signature],
    });
    return result.toLowerCase() === EIP1271_MAGIC;
  } catch {
    // A revert (or no such function) is a refusal.
    return false;
  }
}

export interface SignatureCheckOptions {
  /** RPC URLs by CAIP-2 id, for EIP-1271; a preset network's RPC otherwise. */
  rpcUrls?: Record<string, string> | undefined;
}

/** Throws SiwxError('Invalid signature') unless the account signed the session's message. */
export async function checkSessionSignature(
  session: SIWXSession,
  fields: Caip122Fields,
  options: SignatureCheckOptions = {},
): Promise<void> {
  const { message, signature } = session;
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 4096) throw new SiwxError('Invalid signature');
  if (fields.namespace === 'solana') {
    const key = base58Decode(fields.address);
    const sig = base58Decode(signature);
    let good = false;
    if (key?.length === 32 && sig?.length === 64) {
      try {
        good = ed25519.verify(sig, new TextEncoder().encode(message), key);
      } catch {
        good = false;
      }
    }
    if (!good) throw new SiwxError('Invalid signature');
    return;
  }
  if (!isHex(signature) || !/^0x[0-9a-fA-F]{40}$/.test(fields.address)) throw new SiwxError('Invalid signature');
  const address = fields.address as Address;
  if (await isEoaSignature(address, message, signature)) return;
  const chainId = `eip155:${fields.chainReference}`;
  const rpcUrl = options.rpcUrls?.[chainId] ?? presetByCaipId(chainId)?.rpcUrls.default.http[0];
  if (!rpcUrl) throw new SiwxError(`Invalid signature (no RPC URL for ${chainId} to check a contract account's)`);
  if (!(await isContractSignature(rpcUrl, address, message, signature))) throw new SiwxError('Invalid signature');
}
