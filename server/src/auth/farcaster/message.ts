/**
 * The Sign In With Farcaster message (EIP-4361 text) and its check: the domain is the frame
 * host, the URI the frame origin, the statement 'Farcaster Auth', chain id 10, the nonce the
 * channel's, one resource `farcaster://fid/<fid>`, not expired; the signer must be the fid's
 * custody address from the registry.
 */
import { verifyMessage, type Address, type Hex } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { HttpError } from '../../errors.js';
import type { FarcasterRegistry } from './registry.js';

export const SIWF_STATEMENT = 'Farcaster Auth';
export const SIWF_CHAIN_ID = 10;

export interface SignInFields {
  frameOrigin: string;
  nonce: string;
  fid: number;
  custody: Address;
  issuedAt: number;
  expiresAt: number;
}

export function signInMessage(f: SignInFields): string {
  return createSiweMessage({
    domain: new URL(f.frameOrigin).host,
    address: f.custody,
    statement: SIWF_STATEMENT,
    uri: f.frameOrigin,
    version: '1',
    chainId: SIWF_CHAIN_ID,
    nonce: f.nonce,
    issuedAt: new Date(f.issuedAt),
    expirationTime: new Date(f.expiresAt),
    resources: [`farcaster://fid/${f.fid}`],
  });
}

const refused = (why: string) => new HttpError(400, `The Farcaster sign-in was refused: ${why}`);

/** Checks a signed sign-in message for this channel; the fid and its username, or 400 saying what is wrong. */
export async function verifySignIn(
  registry: FarcasterRegistry,
  input: { message: string; signature: string; nonce: string; fid: number; frameOrigin: string; now: number },
): Promise<{ fid: number; userName: string | undefined }> {
  const parsed = parseSiweMessage(input.message);
  const origin = new URL(input.frameOrigin);
  if (parsed.domain !== origin.host) throw refused(`the message is for the domain '${parsed.domain ?? ''}', not ${origin.host}`);
  if (parsed.uri !== origin.origin) throw refused(`the message is for the URI '${parsed.uri ?? ''}', not ${origin.origin}`);
  if (parsed.nonce !== input.nonce) throw refused("the message's nonce is not this sign-in's");
  if (parsed.statement !== SIWF_STATEMENT || parsed.chainId !== SIWF_CHAIN_ID) throw refused('not a Sign In With Farcaster message');
  if (!parsed.expirationTime || parsed.expirationTime.getTime() <= input.now) throw refused('the message has expired');
  const fids = (parsed.resources ?? []).map((r) => /^farcaster:\/\/fid\/(\d{1,15})$/.exec(r)?.[1]).filter((x) => x !== undefined);
  if (fids.length !== 1 || Number(fids[0]) !== input.fid) throw refused(`the message does not name the fid ${input.fid}`);
  const custody = await registry.custodyOf(input.fid);
  if (!custody) throw refused(`the fid ${input.fid} is not registered`);
  if (parsed.address?.toLowerCase() !== custody.toLowerCase())
    throw refused(`the message is not by the custody address of fid ${input.fid}`);
  let valid = false;
  try {
    valid = await verifyMessage({ address: custody, message: input.message, signature: input.signature as Hex });
  } catch {
    valid = false;
  }
  if (!valid) throw refused(`the signature is not by the custody address of fid ${input.fid}`);
  return { fid: input.fid, userName: await registry.userName(input.fid) };
}
