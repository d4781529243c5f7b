/**
 * deploy/: the compose file, nginx's and HAProxy's configs that docs/deploy.md describes. Each is
 * parsed strictly and checked for what the deployment needs (WebSocket upgrade, TLS, the client
 * address for --trust-proxy, health on /ready, the key-encryption key apart from the database,
 * migrations by one instance, only settings the server knows). Where nginx or haproxy is
 * installed, `nginx -t` / `haproxy -c` check the real files too (the instances' names made
 * local and a throw-away certificate in place of the real ones); where one is not, the test
 * says so on the console and the strict parse above is what holds.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SETTINGS } from '../src/config-settings.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEPLOY = path.join(ROOT, 'deploy');
const read = (file: string) => readFileSync(path.join(DEPLOY, file), 'utf8');

const tmp = mkdtempSync(path.join(tmpdir(), 'w3kit-deploy-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Whether `binary` runs here; else why not, printed. */
function available(binary: string, versionFlag: string): boolean {
  const run = spawnSync(binary, [versionFlag], { encoding: 'utf8' });
  if (run.error)
    console.log(
      `${binary} is not installed here (${(run.error as NodeJS.ErrnoException).code}): its own check is left out, the strict parse holds`,
    );
  return !run.error;
}

/** A throw-away self-signed certificate in tmp (fullchain.pem, privkey.pem, and both in w3kit.pem); false without openssl. */
function throwAwayCertificate(): boolean {
  if (existsSync(path.join(tmp, 'w3kit.pem'))) return true;
  if (!available('openssl', 'version')) return false;
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=example.com',
      '-keyout',
      path.join(tmp, 'privkey.pem'),
      '-out',
      path.join(tmp, 'fullchain.pem'),
    ],
    { stdio: 'ignore' },
  );
  writeFileSync(
    path.join(tmp, 'w3kit.pem'),
    readFileSync(path.join(tmp, 'fullchain.pem'), 'utf8') + readFileSync(path.join(tmp, 'privkey.pem'), 'utf8'),
  );
  return true;
}

interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

/** nginx's syntax, strictly: words and quoted strings ending in `;` or opening a `{ }` block; comments from `#`. */
function parseNginx(text: string): Directive[] {
  const tokens = [...text.replace(/#[^\n]*/g, '').matchAll(/"(?:[^"\\]|\\.)*"|'[^']*'|[{};]|[^\s{};"']+/g)].map((m) => m[0]);
  let i = 0;
  const block = (nested: boolean): Directive[] => {
    const list: Directive[] = [];
    while (i < tokens.length) {
      if (tokens[i] === '}') {
        if (!nested) throw new Error('nginx.conf: a } closes nothing');
        i++;
        return list;
      }
      const words: string[] = [];
      while (i < tokens.length && !['{', '}', ';'].includes(tokens[i]!)) words.push(tokens[i++]!);
      const end = tokens[i++];
      if (words.length === 0 || end === undefined || end === '}')
        throw new Error(`nginx.conf: '${words.join(' ')}' does not end in ; or {`);
      list.push(end === '{' ? { name: words[0]!, args: words.slice(1), block: block(true) } : { name: words[0]!, args: words.slice(1) });
    }
    if (nested) throw new Error('nginx.conf: a { is never closed');
    return list;
  };
  return block(false);
}

const find = (list: Directive[] | undefined, name: string) => (list ?? []).filter((d) => d.name === name);
const args = (list: Directive[] | undefined, name: string) => find(list, name).map((d) => d.args.join(' '));

describe('deploy/compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { strict: true, uniqueKeys: true, merge: true, prettyErrors: true }) as {
    services: Record<
      string,
      Record<string, unknown> & { environment?: Record<string, string>; depends_on?: Record<string, { condition: string }> }
    >;
    secrets: Record<string, { file: string }>;
  };
  const known = new Set(Object.values(SETTINGS).map((s) => s.env));

  it('runs two instances on Postgres and Redis behind the balancer, with settings the server knows', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['balancer', 'postgres', 'redis', 'w3kit-1', 'w3kit-2']);
    for (const name of ['w3kit-1', 'w3kit-2']) {
      const service = compose.services[name]!;
      const env = service.environment!;
      for (const key of Object.keys(env)) expect(known.has(key), `${name}: ${key}`).toBe(true);
      expect(env.W3KIT_DB_URL).toMatch(/^postgres:\/\/w3kit:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/w3kit$/);
      expect(env.W3KIT_REDIS_URL).toBe('redis://redis:6379');
      expect(env.W3KIT_TRUST_PROXY).toBe('1');
      expect(env.W3KIT_HOST).toBe('0.0.0.0');
      expect(env.W3KIT_RELAY_PUBLIC_URL).toMatch(/^wss:\/\//);
      // The key-encryption key is a secret file, not in the environment, the database or its volume.
      expect(env.W3KIT_KEK).toBeUndefined();
      expect(env.W3KIT_KEK_FILE).toBe('/run/secrets/w3kit_kek');
      expect(service.secrets).toEqual(['w3kit_kek']);
      expect(JSON.stringify(service.healthcheck)).toContain('http://127.0.0.1:4301/ready');
      expect(Number.parseInt(String(service.stop_grace_period), 10)).toBeGreaterThan(10);
      expect(existsSync(path.join(DEPLOY, '..', (service.build as { dockerfile: string }).dockerfile))).toBe(true);
    }
    expect(compose.secrets.w3kit_kek!.file).toBe('./secrets/kek');
    // Migrations run in one instance: the second starts once the first is ready.
    expect(compose.services['w3kit-1']!.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(compose.services['w3kit-2']!.depends_on).toEqual({ 'w3kit-1': { condition: 'service_healthy' } });
    const mounts = compose.services.balancer!.volumes as string[];
    expect(mounts).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
    for (const mount of mounts) expect(existsSync(path.join(DEPLOY, mount.split(':')[0]!)) || mount.startsWith('./tls:')).toBe(true);
  });

  it('documents in docs/deploy.md the shared database and Redis the compose file gives both instances, as working', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/deploy.md'), 'utf8');
    for (const env of ['W3KIT_DB_URL', 'W3KIT_REDIS_URL']) {
      expect(known.has(env)).toBe(true);
      expect(doc).toContain(env);
    }
    expect(doc).not.toMatch(/not in this release|later release/i);
  });
});

describe('deploy/nginx.conf', () => {
  const text = read('nginx.conf');
  const http = find(parseNginx(text), 'http')[0]?.block;
  const servers = find(http, 'server');
  const named = (host: string) => servers.find((s) => args(s.block, 'server_name').includes(host))?.block;

  it('parses, balances each port over both instances and passes the relay WebSocket upgrade, behind TLS', () => {
    for (const [upstream, port] of [
      ['w3kit_api', 4301],
      ['w3kit_relay', 4302],
      ['w3kit_frame', 4303],
    ] as const) {
      const block = find(http, 'upstream').find((u) => u.args[0] === upstream)?.block;
      expect(args(block, 'server').map((s) => s.split(' ')[0])).toEqual([`w3kit-1:${port}`, `w3kit-2:${port}`]);
    }
    const relay = find(named('relay.example.com'), 'location')[0]?.block;
    expect(args(relay, 'proxy_set_header')).toEqual(expect.arrayContaining(['Upgrade $http_upgrade', 'Connection $connection_upgrade']));
    expect(args(relay, 'proxy_pass')).toEqual(['http://w3kit_relay']);
    for (const host of ['api.example.com', 'relay.example.com', 'wallet.example.com'])
      expect(args(named(host), 'listen')).toContain('443 ssl http2');
    expect(args(http, 'proxy_http_version')).toEqual(['1.1']);
    expect(() => parseNginx('http { server { listen 80 }')).toThrow(/never closed|does not end/);
  });

  it('passes Host, the address nginx saw and the scheme from every proxying location', () => {
    // nginx gives a location the proxy_set_header lines of an outer level only when the location
    // sets none of its own: the headers that count are the innermost level's that sets any.
    const proxying = servers.flatMap((server) =>
      find(server.block, 'location')
        .filter((location) => args(location.block, 'proxy_pass').length > 0)
        .map((location) => ({ server: server.block, location: location.block })),
    );
    expect(proxying).toHaveLength(3);
    for (const { server, location } of proxying) {
      const levels = [location, server, http].map((block) => args(block, 'proxy_set_header'));
      const effective = levels.find((headers) => headers.length > 0) ?? [];
      // What W3KIT_TRUST_PROXY=1 reads: the address nginx saw, never a client's own header; and the
      // host the instances answer for (else 421).
      expect(effective).toEqual(expect.arrayContaining(['X-Forwarded-For $remote_addr', 'Host $host', 'X-Forwarded-Proto $scheme']));
    }
  });

  it('passes nginx -t where nginx is installed', () => {
    if (!available('nginx', '-v') || !throwAwayCertificate()) {
      // Without nginx the strict parse is the check: the http block and its four servers are there.
      expect(servers.map((s) => args(s.block, 'server_name')[0] ?? 'redirect')).toEqual([
        'redirect',
        'api.example.com',
        'relay.example.com',
        'wallet.example.com',
      ]);
      return;
    }
    const conf = path.join(tmp, 'nginx.conf');
    writeFileSync(conf, text.replaceAll('/etc/nginx/tls/', `${tmp}/`).replace(/w3kit-[12]:/g, '127.0.0.1:'));
    const run = spawnSync('nginx', ['-t', '-c', conf, '-e', path.join(tmp, 'nginx-error.log'), '-g', `pid ${tmp}/nginx.pid;`], {
      encoding: 'utf8',
    });
    expect(run.stderr).toMatch(/test is successful/);
    expect(run.status).toBe(0);
  });
});

describe('deploy/haproxy.cfg', () => {
  const text = read('haproxy.cfg');
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of text.split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue;
    if (/^\S/.test(line)) {
      expect(line).toMatch(/^(global|defaults|frontend \S+|backend \S+|resolvers \S+)$/);
      sections.set(line, (current = []));
    } else {
      expect(current, `a line outside any section: ${line}`).toBeDefined();
      current!.push(line.trim());
    }
  }

  it('parses, routes by host to backends that check /ready on both instances, and keeps WebSockets open', () => {
    const backends = [...sections.keys()].filter((k) => k.startsWith('backend ')).map((k) => k.slice('backend '.length));
    expect(backends).toEqual(['w3kit_api', 'w3kit_relay', 'w3kit_frame']);
    const https = sections.get('frontend https')!;
    for (const line of https.filter((l) => /^(use_backend|default_backend) /.test(l))) expect(backends).toContain(line.split(' ')[1]);
    expect(https.some((l) => /^bind :443 ssl crt /.test(l))).toBe(true);
    expect(https).toEqual(expect.arrayContaining(['http-request del-header X-Forwarded-For', 'option forwardfor']));
    expect(sections.get('defaults')).toContain('timeout tunnel 120s');
    for (const backend of backends) {
      const lines = sections.get(`backend ${backend}`)!;
      expect(lines.filter((l) => l.startsWith('server ')).map((l) => l.split(' ')[1])).toEqual(['w3kit-1', 'w3kit-2']);
      expect(lines.find((l) => l.startsWith('http-check send'))).toMatch(/uri \/ready /);
    }
  });

  it('passes haproxy -c where HAProxy is installed', () => {
    if (!available('haproxy', '-v') || !throwAwayCertificate()) {
      // Without HAProxy the strict parse is the check: every section is there.
      expect([...sections.keys()]).toEqual([
        'global',
        'resolvers docker',
        'defaults',
        'frontend http',
        'frontend https',
        'backend w3kit_api',
        'backend w3kit_relay',
        'backend w3kit_frame',
      ]);
      return;
    }
    const cfg = path.join(tmp, 'haproxy.cfg');
    writeFileSync(cfg, text.replaceAll('/etc/haproxy/tls/', `${tmp}/`));
    const run = spawnSync('haproxy', ['-c', '-f', cfg], { encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).toMatch(/Configuration file is valid/);
    expect(run.status).toBe(0);
  });
});
