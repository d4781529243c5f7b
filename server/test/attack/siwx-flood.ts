/**
 * Item 5, SIWX per-project limits are a lockout: first one account signs in 40 times (the
 * sessions of one account), then ninety addresses ask 115 nonces each (within their 120 a
 * minute; together past the project's 10,000 outstanding nonces), then a new user on a fresh
 * address asks for a nonce. Held when the new user gets one and the account's live sessions
 * are capped (fewer than its sign-ins, every sign-in still answered).
 */
import { createSiweMessage } from 'viem/siwe';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { judge, type Attack, type AttackResult } from './attack.js';
import { pool, request, tally, type HttpReply } from './net.js';
import type { Target } from './target.js';

const PROJECT = 'w3kit-dev';
const ORIGIN = 'http://localhost:5173';

const nonceRequest = (target: Target, from: string) =>
  request(`${target.url}/v1/siwx/nonce?projectId=${PROJECT}`, { from, headers: { origin: ORIGIN }, timeoutMs: 15_000 });

/** A refusal's key for the tally: the status and the message's first words. */
const refusalKey = (r: HttpReply) =>
  r.status === 0
    ? `no reply: ${r.error}`
    : `${r.status} ${String(r.body?.message ?? '')
        .split(/[:']/)[0]!
        .slice(0, 50)}`;

async function signIn(target: Target, from: string, account: ReturnType<typeof privateKeyToAccount>): Promise<HttpReply> {
  const nonce = await nonceRequest(target, from);
  if (nonce.status !== 200) return nonce;
  const message = createSiweMessage({
    domain: new URL(ORIGIN).host,
    address: account.address,
    statement: 'Sign in to the attack suite',
    uri: `${ORIGIN}/`,
    version: '1',
    chainId: 1,
    nonce: nonce.body.nonce,
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 3_600_000),
  });
  return request(`${target.url}/v1/siwx/verify?projectId=${PROJECT}`, {
    method: 'POST',
    from,
    headers: { origin: ORIGIN },
    body: { message, signature: await account.signMessage({ message }) },
  });
}

/** The account's live sessions: counted in the database when the folder is ours, else as /v1/siwx/sessions lists them (at most 50). */
async function liveSessions(target: Target, address: string, token: string | undefined, from: string): Promise<number | null> {
  const counted = target.count('siwx_sessions', 'address = ? AND revoked_at IS NULL AND expires_at > ?', address, Date.now());
  if (counted !== undefined) return counted;
  if (!token) return null;
  const listed = await request(`${target.url}/v1/siwx/sessions?projectId=${PROJECT}`, {
    from,
    headers: { origin: ORIGIN, authorization: `Bearer ${token}` },
  });
  return listed.status === 200 ? listed.body.sessions.length : null;
}

export const siwxFlood: Attack = {
  id: 'siwx',
  item: 5,
  title: 'SIWX nonce and session flood',
  async run({ target, quick, addresses, log }): Promise<AttackResult> {
    const signIns = 40;
    const [accountAddress] = addresses.attackers(1);
    const account = privateKeyToAccount(generatePrivateKey());
    log(`one account signs in ${signIns} times`);
    const signed = await pool(
      4,
      Array.from({ length: signIns }, () => () => signIn(target, accountAddress!, account)),
    );
    const signInsAnswered = signed.filter((r) => r.status === 200).length;
    const lastToken = signed.reverse().find((r) => r.status === 200)?.body.token as string | undefined;
    const sessions = await liveSessions(target, account.address, lastToken, accountAddress!);

    const flooders = addresses.attackers(90);
    const perAddress = 115;
    const started = Date.now();
    log(`${flooders.length} addresses ask ${perAddress} nonces each`);
    const tasks = flooders.flatMap((from) => Array.from({ length: perAddress }, () => () => nonceRequest(target, from)));
    const replies = await pool(quick ? 48 : 64, tasks);
    const seconds = (Date.now() - started) / 1000;
    const issuedPerAddress = flooders.map(
      (_, i) => replies.slice(i * perAddress, (i + 1) * perAddress).filter((r) => r.status === 200).length,
    );
    const issued = issuedPerAddress.reduce((n, k) => n + k, 0);

    const newUser = await nonceRequest(target, addresses.victim());
    const outstanding = target.count('siwx_nonces', 'used_at IS NULL AND expires_at > ?', Date.now());
    const conditions = {
      newUserGotNonce: newUser.status === 200,
      accountSessionsCapped: signInsAnswered === signIns && sessions !== null && sessions < signIns,
    };
    const { verdict, failed } = judge(conditions);
    return {
      tried:
        `one account signing in ${signIns} times, then ${flooders.length} addresses asking ${perAddress} nonces each ` +
        `(${tasks.length} requests in ${seconds.toFixed(1)} s), then a new user asking for a nonce`,
      criterion:
        "a new user on a fresh address still gets a nonce, and one account's live sessions are capped (every sign-in answered, fewer sessions kept)",
      verdict,
      measured: {
        signInsAnswered,
        signInRefusals: tally(signed.filter((r) => r.status !== 200).map(refusalKey)),
        accountLiveSessions: sessions,
        noncesAsked: tasks.length,
        noncesIssued: issued,
        noncesIssuedMaxOneAddress: Math.max(...issuedPerAddress),
        nonceRefusals: tally(replies.filter((r) => r.status !== 200).map(refusalKey)),
        noncesOutstandingRows: outstanding ?? null,
        newUserStatus: newUser.status,
        newUserRefusal: newUser.status === 200 ? null : refusalKey(newUser),
        newUserMs: newUser.ms,
        serverRssBytes: target.rss() ?? null,
      },
      notes: failed.length ? [`failed: ${failed.join(', ')}`] : [],
    };
  },
};
