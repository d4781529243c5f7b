/**
 * Item 3, sockets per address are unlimited: one address opens relay sockets with one JWT
 * until it meets a refusal twenty times, the count is reached or the time is up. A server the
 * suite starts runs under a small `ulimit -n` (scaled down from the 20,000 sockets of the
 * issue), so an uncapped relay reaches the process's file limit. Held when the flood was
 * refused past a cap (an HTTP status on the upgrade or a close code with a reason), the
 * Provider API still answers, and a fresh client on another address still gets a relay socket.
 */
import { generateKeyPair } from '@walletconnect/relay-auth';
import WebSocket from 'ws';
import { Peer, signAuth } from '../relay-peer.js';
import { judge, type Attack, type AttackResult } from './attack.js';
import { request, sleep, tally } from './net.js';

const OPEN_TIMEOUT_MS = 4000;

type Outcome = { kind: 'open'; ws: WebSocket } | { kind: 'refused'; why: string } | { kind: 'failed'; why: string };

function openSocket(url: string, from: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { localAddress: from, handshakeTimeout: OPEN_TIMEOUT_MS });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ kind: 'refused', why: `HTTP ${res.statusCode}` });
      ws.terminate();
    });
    ws.on('open', () => resolve({ kind: 'open', ws }));
    ws.on('close', (code) => resolve({ kind: code === 1006 ? 'failed' : 'refused', why: `close ${code}` }));
    ws.on('error', (err) => resolve({ kind: 'failed', why: err.message.replace(/\d+\.\d+\.\d+\.\d+:\d+/g, '').slice(0, 50) }));
  });
}

/** Whether a promise settles within `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export const socketFlood: Attack = {
  id: 'sockets',
  item: 3,
  title: 'Socket flood from one address on one JWT',
  settings: (quick) => ({ maxOpenFiles: quick ? 1024 : 2048 }),
  async run({ target, quick, addresses, log }): Promise<AttackResult> {
    const limit = target.settings.maxOpenFiles;
    const wanted = limit ? limit + 64 : quick ? 600 : 3000;
    const from = addresses.attackers(1)[0]!;
    const url = `${target.relayUrl}/?auth=${await signAuth(target.relayUrl, generateKeyPair())}&projectId=w3kit-attack&ua=attack`;
    const sockets: WebSocket[] = [];
    const refusals: string[] = [];
    const failures: string[] = [];
    const started = Date.now();
    const deadline = started + (quick ? 15_000 : 25_000);
    log(`opening up to ${wanted} sockets from ${from} on one JWT${limit ? ` (server under ulimit -n ${limit})` : ''}`);
    let attempts = 0;
    while (attempts < wanted && refusals.length + failures.length < 20 && Date.now() < deadline) {
      const batch = Math.min(32, wanted - attempts);
      attempts += batch;
      const outcomes = await Promise.all(Array.from({ length: batch }, () => openSocket(url, from)));
      for (const o of outcomes) {
        if (o.kind === 'open') sockets.push(o.ws);
        else (o.kind === 'refused' ? refusals : failures).push(o.why);
      }
    }
    // A relay may accept and then close at once, with a code and a reason.
    await sleep(500);
    const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN);
    const closedAfterOpen = sockets.filter((ws) => ws.readyState !== WebSocket.OPEN).length;
    for (const ws of sockets) if (ws.readyState !== WebSocket.OPEN) refusals.push('closed after opening');

    const victim = addresses.victim();
    const health = await request(`${target.url}/health`, { from: victim, timeoutMs: 3000 });
    let relayVictim = false;
    let relayVictimError: string | null = null;
    try {
      const peer = await within(Peer.open(target.relayUrl, undefined, { localAddress: addresses.victim() }), 3000);
      relayVictim = peer !== undefined;
      if (!peer) relayVictimError = 'no socket within 3 s';
      peer?.ws.terminate();
    } catch (err) {
      relayVictimError = (err as Error).message.slice(0, 80);
    }
    log(`${open.length} open, ${refusals.length} refused, ${failures.length} failed; API ${health.status || health.error}`);
    for (const ws of sockets) ws.terminate();
    await sleep(1000);

    const conditions = {
      refusedPastCap: refusals.length > 0,
      apiAnswered: health.status === 200,
      freshRelayClientServed: relayVictim,
    };
    const { verdict, failed } = judge(conditions);
    return {
      tried: `${attempts} relay sockets from one address on one JWT in ${((Date.now() - started) / 1000).toFixed(1)} s${limit ? `, server under ulimit -n ${limit}` : ''}`,
      criterion:
        'the flood is refused past a cap (HTTP status or close code), the Provider API answers and a fresh client on another address gets a relay socket',
      verdict,
      measured: {
        socketsAttempted: attempts,
        socketsOpen: open.length,
        closedAfterOpening: closedAfterOpen,
        refusals: tally(refusals),
        failures: tally(failures),
        serverRssBytes: target.rss() ?? null,
        providerApiStatus: health.status,
        providerApiMs: health.ms,
        providerApiError: health.error ?? null,
        freshRelayClientServed: relayVictim,
        freshRelayClientError: relayVictimError,
      },
      notes: failed.length ? [`failed: ${failed.join(', ')}`] : [],
    };
  },
};
