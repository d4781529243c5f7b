/**
 * The HTTP loads of the scale bench: `connections` keep-alive connections, each sending its next
 * request as soon as the last one is answered, for a one-second warm-up and `seconds` measured.
 * getWallets cycles through the queries the modal sends (its pages, a search, a chain filter);
 * the SIWX nonce load is a write (a nonce row per request), each request from another client
 * address (X-Forwarded-For, which the instance trusts from loopback), as many users would send.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export const PROJECT = 'w3kit-dev';
export const ORIGIN = 'http://localhost:3000';

/** The getWallets queries the modal sends: featured, recommended, pages of the list, a search, a chain filter. */
export const WALLET_QUERIES = [
  'page=1&entries=4',
  'page=1&entries=8',
  'page=1&entries=40',
  'page=2&entries=40',
  'page=3&entries=40',
  'page=1&entries=40&search=meta',
  'page=1&entries=40&chains=eip155:1',
  'page=1&entries=40&badge_type=certified',
];

/** The n-th request of the getWallets load. */
export const walletsRequest = (n) => ({ path: `/getWallets?projectId=${PROJECT}&${WALLET_QUERIES[n % WALLET_QUERIES.length]}` });

/** The n-th client address of the nonce load: 10.0.0.1 onwards, a new one per request. */
export function clientAddress(n) {
  const k = n + 1;
  return `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;
}

/** The n-th request of the SIWX nonce load. */
export const nonceRequest = (n) => ({ path: `/v1/siwx/nonce?projectId=${PROJECT}`, headers: { 'x-forwarded-for': clientAddress(n) } });

function send(agent, base, { path, headers = {} }) {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { agent, headers: { origin: ORIGIN, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Resolves to { count, ms, latencies, errors: { count, first } } of the measured span. */
export async function runHttpLoad(base, nth, { connections, seconds }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const start = performance.now();
  const from = start + 1000;
  const until = from + seconds * 1000;
  const latencies = [];
  const errors = { count: 0, first: undefined };
  let n = 0;
  const loop = async () => {
    for (;;) {
      const t = performance.now();
      if (t >= until) return;
      const { status, body } = await send(agent, base, nth(n++)).catch((err) => ({ status: 0, body: err.message }));
      const done = performance.now();
      if (t < from) continue;
      if (status !== 200) {
        errors.count++;
        errors.first ??= `${status} ${body.slice(0, 200)}`;
      } else latencies.push(done - t);
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, loop));
  } finally {
    agent.destroy();
  }
  return { count: latencies.length, ms: until - from, latencies, errors };
}
