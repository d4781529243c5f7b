/**
 * nginx in front of two instances for the scale bench, on loopback: the Provider API and the
 * relay (WebSocket upgrade) each on a free port, balanced over both instances (the relay by
 * least connections, as deploy/nginx.conf does). Unlike deploy/nginx.conf it passes the
 * client's X-Forwarded-For on: the bench plays many clients behind this one proxy.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** An installed nginx (on PATH, or Debian's /usr/sbin/nginx), or undefined. */
export function findNginx(env = process.env) {
  const dirs = [...(env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((d) => path.join(d, 'nginx')).find((f) => existsSync(f));
}

const hostPort = (url) => new URL(url).host;

/** The bench's nginx.conf: `api` and `relay` are the instances' URLs, `ports` the balancer's. */
export function nginxConfig({ dir, api, relay, ports, root = process.getuid?.() === 0 }) {
  const servers = (urls) => urls.map((u) => `    server ${hostPort(u)};`).join('\n');
  return `${root ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 16384; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; "" ""; }
  upstream api {
${servers(api)}
    keepalive 64;
  }
  upstream relay {
    least_conn;
${servers(relay)}
  }
  proxy_http_version 1.1;
  # A level that sets any proxy_set_header inherits none from above: each location sets them all.
  server {
    listen 127.0.0.1:${ports.api};
    location / {
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $http_x_forwarded_for;
      proxy_set_header Connection "";
      proxy_pass http://api;
    }
  }
  server {
    listen 127.0.0.1:${ports.relay};
    location / {
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $http_x_forwarded_for;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      proxy_pass http://relay;
    }
  }
}
`;
}

/** Starts nginx with that config; resolves to { url, relayUrl, pid, close() } once the API answers /health through it. */
export async function startNginx(bin, { dir, api, relay, ports }) {
  mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ dir, api, relay, ports }));
  const child = spawn(bin, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${ports.api}`;
  const close = () => (child.exitCode !== null ? Promise.resolve() : (child.kill('SIGQUIT'), exited.then(() => undefined)));
  const deadline = Date.now() + 10_000;
  while (
    !(await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`nginx did not answer ${url}/health: ${stderr.trim() || 'no answer within 10 s'}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, relayUrl: `ws://127.0.0.1:${ports.relay}`, pid: child.pid, close };
}
