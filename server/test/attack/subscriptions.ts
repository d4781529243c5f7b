/**
 * Item 1, subscriptions fill the disk: from a few addresses, fresh relay-auth keys (a client id
 * is any fresh key) each send `irn_batchSubscribe` of 500 random topics, twice (the per-client
 * limit is 1000), until each address asked its share, was refused three times in a row, or the
 * time is up. Held when every address was refused before it stored all it asked, and a fresh
 * client from another address can still subscribe.
 */
import { randomBytes } from 'node:crypto';
import { Peer } from '../relay-peer.js';
import { judge, mib, type Attack, type AttackResult } from './attack.js';
import { sleep, tally } from './net.js';

const BATCH = 500;
const newTopic = () => randomBytes(32).toString('hex');

interface AddressOutcome {
  asked: number;
  stored: number;
  refusals: string[];
}

/** A refusal's key for the tally: the JSON-RPC code, the upgrade's HTTP status or the error. */
function refusalKey(err: unknown): string {
  const e = err as { code?: number; message?: string };
  if (typeof e.code === 'number') return String(e.code);
  const status = /Unexpected server response: (\d+)/.exec(e.message ?? '')?.[1];
  return status ? `HTTP ${status}` : (e.message ?? String(err)).slice(0, 60);
}

async function flood(relayUrl: string, from: string, share: number, deadline: number): Promise<AddressOutcome> {
  const out: AddressOutcome = { asked: 0, stored: 0, refusals: [] };
  let refusedInARow = 0;
  while (out.asked < share && Date.now() < deadline && refusedInARow < 3) {
    let peer: Peer | undefined;
    try {
      peer = await Peer.open(relayUrl, undefined, { localAddress: from });
      for (let b = 0; b < 2 && out.asked < share; b++) {
        const topics = Array.from({ length: Math.min(BATCH, share - out.asked) }, newTopic);
        out.asked += topics.length;
        const ids = await peer.result<string[]>('irn_batchSubscribe', { topics });
        out.stored += ids.length;
        refusedInARow = 0;
      }
    } catch (err) {
      out.refusals.push(refusalKey(err));
      refusedInARow++;
    } finally {
      peer?.ws.terminate();
    }
  }
  return out;
}

export const subscriptionFlood: Attack = {
  id: 'subscriptions',
  item: 1,
  title: 'Subscription flood from fresh keys',
  async run({ target, quick, addresses, log }): Promise<AttackResult> {
    const attackers = addresses.attackers(quick ? 1 : 3);
    const share = quick ? 15_000 : 40_000;
    const rowsBefore = target.count('relay_subscriptions');
    const bytesBefore = target.dataBytes();
    const rssBefore = target.rss();
    const started = Date.now();
    const deadline = started + (quick ? 12_000 : 25_000);
    log(`${attackers.length} address(es) asking ${share} subscriptions each`);
    const outcomes = await Promise.all(attackers.map((from) => flood(target.relayUrl, from, share, deadline)));
    const seconds = (Date.now() - started) / 1000;
    await sleep(500);

    let victimServed = false;
    let victimError: string | null = null;
    try {
      const victim = await Peer.open(target.relayUrl, undefined, { localAddress: addresses.victim() });
      const id = await victim.result<string>('irn_subscribe', { topic: newTopic() });
      victimServed = typeof id === 'string';
      victim.ws.terminate();
    } catch (err) {
      victimError = refusalKey(err);
    }

    const asked = outcomes.reduce((n, o) => n + o.asked, 0);
    const stored = outcomes.reduce((n, o) => n + o.stored, 0);
    const rowsAfter = target.count('relay_subscriptions');
    const bytesAfter = target.dataBytes();
    const refusedEveryAddress = outcomes.every((o) => o.refusals.length > 0 && o.stored < share);
    const { verdict } = judge({ refusedEveryAddress, victimServed });
    return {
      tried:
        `${attackers.length} address(es), fresh keys each subscribing ${BATCH} random topics twice, ` +
        `up to ${share} subscriptions per address (${asked} asked in ${seconds.toFixed(1)} s)`,
      criterion:
        'every attacking address is refused at a cap before it stores all it asked, and a fresh client on another address can still subscribe',
      verdict,
      measured: {
        subscriptionsAsked: asked,
        subscriptionsStored: stored,
        storedPerSecond: Math.round(stored / Math.max(seconds, 0.001)),
        maxStoredByOneAddress: Math.max(...outcomes.map((o) => o.stored)),
        refusals: tally(outcomes.flatMap((o) => o.refusals)),
        rowsAdded: rowsBefore === undefined || rowsAfter === undefined ? null : rowsAfter - rowsBefore,
        dataBytesAdded: bytesBefore === undefined || bytesAfter === undefined ? null : bytesAfter - bytesBefore,
        serverRssBytes: target.rss() ?? null,
        serverRssBytesBefore: rssBefore ?? null,
        victimServed,
        victimError,
      },
      notes: bytesAfter !== undefined && bytesBefore !== undefined ? [`data folder grew by ${mib(bytesAfter - bytesBefore)}`] : [],
    };
  },
};
