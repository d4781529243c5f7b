#!/usr/bin/env node
/**
 * `npm start`: installs if needed, builds, serves the demos and prints their URLs, then `ready`.
 * Ctrl-C stops everything. Ports (environment variables): W3KIT_DEMO_PORT (4300).
 */
import { ensureInstalled, run } from './lib/run.mjs';

await ensureInstalled();
await run('node', ['scripts/build.mjs']);
const { startStaticServer } = await import('./lib/static-server.mjs');

const port = Number(process.env.W3KIT_DEMO_PORT ?? 4300);
const demo = await startStaticServer({
  port,
  routes: { '/': 'demo', '/cdn/': 'dist/cdn', '/demo/': 'dist/demo' },
});

console.log(`demo        ${demo.url}/            (plain HTML, CDN script)`);
console.log(`react demo  ${demo.url}/react/      (React 19 wrappers and hooks)`);
console.log('ready');

const stop = async () => {
  await demo.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
