/**
 * Item 4, the all-clients quota is a lockout: eleven addresses each publish messages of 256 KiB
 * until the relay refuses them (their per-address quota, or the quota of all clients together,
 * ten times it by default), then a fresh address publishes one small message. A server the
 * suite starts gets a per-address quota scaled down from 32 MiB an hour
 * (W3KIT_RELAY_IP_BYTES_PER_HOUR), so the global one is reached in seconds; it is then restarted
 * and a flooding address publishes again, to see whether the quota windows survived. Held when
 * the fresh address could publish and (when restarted) the flooder's window still refused it.
 */
import { randomBytes } from 'node:crypto';
import { Peer } from '../relay-peer.js';
import { judge, mib, type Attack, type AttackResult } from './attack.js';
import { sleep, tally } from './net.js';

const MESSAGE_BYTES = 256 * 1024 - 256;
const MAX_MESSAGES_PER_ADDRESS = 200;

interface Refusal {
  code: number;
  message: string;
}

/** A refusal's kind for the tally: which quota or cap the relay named. */
function kind({ code, message }: Refusal): string {
  if (/from one IP/i.test(message)) return `${code} per-address quota`;
  if (/from all clients/i.test(message)) return `${code} all-clients quota`;
  if (/storage is full/i.test(message)) return `${code} storage full`;
  return `${code} ${message.slice(0, 40)}`;
}

async function publishOnce(peer: Peer, topic: string, message: string): Promise<Refusal | undefined> {
  const reply = await peer.call('irn_publish', { topic, message, ttl: 3600, tag: 1100 });
  return reply.error ? (reply.error as Refusal) : undefined;
}

/** Publishes big messages from `from` until the first refusal (or the cap); the bytes accepted and that refusal. */
async function publishUntilRefused(relayUrl: string, from: string, message: string) {
  const peer = await Peer.open(relayUrl, undefined, { localAddress: from });
  const topic = randomBytes(32).toString('hex');
  let bytes = 0;
  let refusal: Refusal | undefined;
  try {
    // Big messages until refused; past a limit of all clients, ever smaller ones fill it to the brim.
    let size = message.length;
    for (let i = 0; i < MAX_MESSAGES_PER_ADDRESS && size >= 512; i++) {
      refusal = await publishOnce(peer, topic, message.slice(0, size));
      if (!refusal) bytes += size;
      else if (/from all clients/i.test(refusal.message)) size = Math.floor(size / 2);
      else break;
      await sleep(12); // under the relay's 100 publishes per second per client
    }
  } finally {
    peer.ws.terminate();
  }
  return { from, bytes, refusal };
}

async function publishSmall(relayUrl: string, from: string): Promise<Refusal | undefined> {
  const peer = await Peer.open(relayUrl, undefined, { localAddress: from });
  try {
    return await publishOnce(peer, randomBytes(32).toString('hex'), 'x'.repeat(1024));
  } finally {
    peer.ws.terminate();
  }
}

async function publishBig(relayUrl: string, from: string, message: string): Promise<Refusal | undefined> {
  const peer = await Peer.open(relayUrl, undefined, { localAddress: from });
  try {
    return await publishOnce(peer, randomBytes(32).toString('hex'), message);
  } finally {
    peer.ws.terminate();
  }
}

export const globalQuota: Attack = {
  id: 'global-quota',
  item: 4,
  title: 'Eleven addresses exhaust the all-clients quota',
  settings: (quick) => ({ env: { W3KIT_RELAY_IP_BYTES_PER_HOUR: String((quick ? 1 : 4) * 1024 * 1024) } }),
  async run({ target, addresses, log }): Promise<AttackResult> {
    const perAddress = target.settings.env?.W3KIT_RELAY_IP_BYTES_PER_HOUR;
    const attackers = addresses.attackers(11);
    const message = randomBytes(MESSAGE_BYTES / 2).toString('hex');
    const bytesBefore = target.dataBytes();
    const started = Date.now();
    log(
      `${attackers.length} addresses publish 256 KiB messages until refused${perAddress ? ` (per-address quota ${perAddress} bytes an hour)` : ''}`,
    );
    const flooders = await Promise.all(attackers.map((from) => publishUntilRefused(target.relayUrl, from, message)));
    const seconds = (Date.now() - started) / 1000;
    const refusals = flooders.flatMap((f) => (f.refusal ? [f.refusal] : []));
    const reachedAllClients = refusals.some((r) => /from all clients|storage is full/i.test(r.message));

    const victimRefusal = await publishSmall(target.relayUrl, addresses.victim());
    const freshAddressPublished = victimRefusal === undefined;

    let restartedFlooderRefusal: Refusal | undefined | null = null;
    if (target.restart) {
      log('restarting the server, then a flooder publishes again');
      await target.restart();
      restartedFlooderRefusal = await publishBig(target.relayUrl, flooders[0]!.from, message);
    }
    const windowsSurvivedRestart = restartedFlooderRefusal === null ? null : restartedFlooderRefusal !== undefined;
    const bytesAfter = target.dataBytes();
    const conditions = { freshAddressPublished, windowsSurvivedRestart: windowsSurvivedRestart !== false };
    const { verdict, failed } = judge(conditions);
    const total = flooders.reduce((n, f) => n + f.bytes, 0);
    return {
      tried:
        `${attackers.length} addresses publishing 256 KiB messages until refused (${mib(total)} accepted in ${seconds.toFixed(1)} s), ` +
        `then a fresh address publishing 1 KiB${target.restart ? '; then a restart and a flooder publishing again' : ''}`,
      criterion:
        'a fresh address can still publish after the flood' +
        (target.restart ? ', and after a restart a flooder is still held to its quota window' : ''),
      verdict,
      measured: {
        perAddressQuotaBytes: perAddress ? Number(perAddress) : null,
        bytesAccepted: total,
        bytesAcceptedMaxOneAddress: Math.max(...flooders.map((f) => f.bytes)),
        refusals: tally(refusals.map(kind)),
        allClientsLimitReached: reachedAllClients,
        freshAddressPublished,
        freshAddressRefusal: victimRefusal ? `${victimRefusal.code} ${victimRefusal.message}` : null,
        windowsSurvivedRestart,
        afterRestartRefusal: restartedFlooderRefusal ? `${restartedFlooderRefusal.code} ${restartedFlooderRefusal.message}` : null,
        dataBytesAdded: bytesBefore === undefined || bytesAfter === undefined ? null : bytesAfter - bytesBefore,
      },
      notes: [
        ...(reachedAllClients ? [] : ['the flood did not reach a limit of all clients (no such refusal): nothing to lock out']),
        ...(failed.length ? [`failed: ${failed.join(', ')}`] : []),
      ],
    };
  },
};
