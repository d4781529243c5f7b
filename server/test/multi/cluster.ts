/**
 * Issue 31, section 4: a real cluster on this machine. Two `w3kit-server` instances (the bundled
 * bin, as an operator runs it) on one Postgres and one Redis, behind a real HAProxy on loopback:
 * one frontend port per service (Provider API, relay, frame site) instead of host names and TLS,
 * with the same health check on /ready as deploy/haproxy.cfg. Both instances send mail to one
 * SMTP sink in this process and share one key-encryption key, as two instances of one deployment
 * do. Every port is free when picked (never fixed); `kill(i)` is a kill -9, `start(i)` brings the
 * instance back on its ports.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startPostgres, type RunningPostgres } from '../../../scripts/lib/postgres.mjs';
import { startRedis, type RunningRedis } from '../../../scripts/lib/redis.mjs';
import { startSmtpSink, type SmtpSink } from '../../src/index.js';
import { builtBin } from '../built-bin.js';

export interface Ports {
  api: number;
  relay: number;
  frame: number;
}

export interface Instance {
  ports: Ports;
  apiUrl: string;
  relayUrl: string;
  frameUrl: string;
  /** What the instance printed (stdout and stderr), for a failure's message. */
  output(): string;
}

export interface Cluster {
  /** The balancer's URLs: what a dApp, a wallet and the frame reach. */
  apiUrl: string;
  relayUrl: string;
  frameUrl: string;
  instances: Instance[];
  sink: SmtpSink;
  /** kill -9 of instance i (no goodbye to its sockets). */
  kill(i: number): Promise<void>;
  /** Starts instance i again on its ports, resolving once its /ready answers 200. */
  start(i: number): Promise<void>;
  stop(): Promise<void>;
}

/** Whether the machine can run a cluster: HAProxy, and Postgres and Redis (found or got). */
export function haproxyPath(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim().split('\n')[0] : undefined;
}

const HOST = '127.0.0.1';

function haproxyConfig(front: Ports, backs: Ports[]): string {
  const servers = (port: (p: Ports) => number) =>
    backs.map((p, i) => `  server w3kit-${i + 1} ${HOST}:${port(p)} check port ${p.api} inter 500 fall 1 rise 1`).join('\n');
  const backend = (name: string, balance: string, port: (p: Ports) => number) =>
    [
      `backend ${name}`,
      `  balance ${balance}`,
      '  option httpchk',
      `  http-check send meth GET uri /ready ver HTTP/1.1 hdr Host ${HOST}`,
      '  http-check expect status 200',
      servers(port),
    ].join('\n');
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout tunnel 120s',
    '  retries 1',
    '  option redispatch',
    `frontend api\n  bind ${HOST}:${front.api}\n  http-request del-header X-Forwarded-For\n  option forwardfor\n  default_backend api`,
    `frontend relay\n  bind ${HOST}:${front.relay}\n  http-request del-header X-Forwarded-For\n  option forwardfor\n  default_backend relay`,
    `frontend frame\n  bind ${HOST}:${front.frame}\n  http-request del-header X-Forwarded-For\n  option forwardfor\n  default_backend frame`,
    backend('api', 'roundrobin', (p) => p.api),
    backend('relay', 'leastconn', (p) => p.relay),
    backend('frame', 'roundrobin', (p) => p.frame),
    '',
  ].join('\n');
}

async function ports(): Promise<Ports> {
  return { api: await freePort(), relay: await freePort(), frame: await freePort() };
}

async function waitReady(url: string, child: () => ChildProcess | undefined, output: () => string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const proc = child();
    if (proc?.exitCode !== null && proc?.exitCode !== undefined) throw new Error(`instance exited (${proc.exitCode}):\n${output()}`);
    const status = await fetch(`${url}/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url}/ready did not answer 200 within ${ms} ms (last ${status}):\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts Postgres, Redis, the SMTP sink, two instances and HAProxy; stop() ends them all. */
export async function startCluster(extraArgs: string[] = [], env: Record<string, string> = {}): Promise<Cluster> {
  const haproxy = haproxyPath();
  if (!haproxy) throw new Error('HAProxy is not installed (Debian: apt-get install haproxy, as root)');
  const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-cluster-'));
  const stops: (() => Promise<unknown>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const fn of stops.splice(0).reverse()) await fn().catch(() => undefined);
  };
  try {
    const bin = await builtBin();
    const pg: RunningPostgres = await startPostgres();
    stops.push(() => pg.stop());
    const database = await pg.createDatabase();
    const redis: RunningRedis = await startRedis();
    stops.push(() => redis.stop());
    const sink = await startSmtpSink({ port: 0, host: HOST });
    stops.push(() => sink.close());
    const kekFile = path.join(dir, 'kek');
    writeFileSync(kekFile, randomBytes(32).toString('base64'), { mode: 0o600 });

    const front = await ports();
    const backs = [await ports(), await ports()];
    const apiUrl = `http://${HOST}:${front.api}`;
    const relayUrl = `ws://${HOST}:${front.relay}`;
    const frameUrl = `http://${HOST}:${front.frame}`;
    const children: (ChildProcess | undefined)[] = [undefined, undefined];
    const logs = ['', ''];

    const launch = async (i: number) => {
      const p = backs[i]!;
      const args = [
        bin,
        ...['--host', HOST, '--port', String(p.api), '--relay-port', String(p.relay), '--frame-port', String(p.frame)],
        ...['--data', path.join(dir, `data-${i}`), '--db', database.url, '--redis', redis.url],
        ...['--public-url', apiUrl, '--relay-public-url', relayUrl, '--frame-public-url', frameUrl],
        ...['--smtp', `smtp://${HOST}:${sink.port}`, '--kek-file', kekFile, '--trust-proxy', '1', '--seed'],
        ...extraArgs,
      ];
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
      children[i] = child;
      const keep = (d: Buffer) => (logs[i] = (logs[i] + d.toString()).slice(-8000));
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      await waitReady(
        `http://${HOST}:${p.api}`,
        () => children[i],
        () => logs[i]!,
      );
    };
    stops.push(async () => {
      for (const child of children) if (child && child.exitCode === null) child.kill('SIGKILL');
    });
    // One instance first: it runs the migrations; the second finds them applied.
    await launch(0);
    await launch(1);

    const cfg = path.join(dir, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig(front, backs));
    const check = spawnSync(haproxy, ['-c', '-f', cfg], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy -c refused the test's config:\n${check.stdout}${check.stderr}`);
    const balancer = spawn(haproxy, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
    stops.push(async () => balancer.kill('SIGKILL'));
    await waitReady(
      apiUrl,
      () => balancer,
      () => 'haproxy',
    );

    const instances: Instance[] = backs.map((p, i) => ({
      ports: p,
      apiUrl: `http://${HOST}:${p.api}`,
      relayUrl: `ws://${HOST}:${p.relay}`,
      frameUrl: `http://${HOST}:${p.frame}`,
      output: () => logs[i]!,
    }));
    return {
      apiUrl,
      relayUrl,
      frameUrl,
      instances,
      sink,
      async kill(i) {
        const child = children[i];
        if (!child || child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      },
      start: (i) => launch(i),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
