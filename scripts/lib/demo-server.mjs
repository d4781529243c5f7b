/**
 * Serves the demo pages (demo/index.html, demo/react/, demo/wc-wallet/, the gallery at /gallery/) with this run's URLs
 * filled in, the CDN bundle, the demo bundles (dist/demo) and demo/favicon.svg. Used by
 * `npm start` and the demo smoke test.
 *
 *   const demo = await startDemoServer({ port: 4300, rpcUrls: { 31337: a, 31338: b }, solanaRpcUrl: svm.url, apiUrl, relayUrl, secureSiteUrl });
 *
 * The Dev Wallet's script tags get the Hardhat nodes' URLs (`__W3KIT_RPC_URLS__`) and the local
 * SVM's (`__W3KIT_SOLANA_RPC_URL__`, where its Solana half sends transactions).
 */
import { readFileSync } from 'node:fs';
import { startStaticServer } from './static-server.mjs';

/** Fills a demo page's placeholders. */
function fill(file, { rpcUrls, solanaRpcUrl, apiUrl, relayUrl, secureSiteUrl, projectId }) {
  return readFileSync(file, 'utf8')
    .replace('__W3KIT_RPC_URLS__', JSON.stringify(rpcUrls).replace(/"/g, '&quot;'))
    .replaceAll('__W3KIT_SOLANA_RPC_URL__', solanaRpcUrl.replace(/"/g, '&quot;'))
    .replaceAll('__W3KIT_API_URL__', apiUrl)
    .replaceAll('__W3KIT_PROJECT_ID__', projectId)
    .replaceAll('__W3KIT_RELAY_URL__', relayUrl)
    .replaceAll('__W3KIT_SECURE_SITE_URL__', secureSiteUrl);
}

export async function startDemoServer({
  port = 0,
  rpcUrls,
  solanaRpcUrl = 'http://127.0.0.1:8899',
  apiUrl,
  relayUrl,
  secureSiteUrl = '',
  projectId = 'w3kit-dev',
}) {
  const values = { rpcUrls, solanaRpcUrl, apiUrl, relayUrl, secureSiteUrl, projectId };
  const demoPage = fill('demo/index.html', values);
  const reactPage = fill('demo/react/index.html', values);
  const wcWalletPage = fill('demo/wc-wallet/index.html', values);
  // The gallery (demo/gallery/): fixtures only, no placeholder; its bundle is dist/demo/gallery/.
  const galleryPage = readFileSync('demo/gallery/index.html', 'utf8');
  return startStaticServer({
    port,
    routes: { '/': 'demo', '/cdn/': 'dist/cdn', '/demo/': 'dist/demo' },
    pages: new Map([
      ['/', demoPage],
      ['/index.html', demoPage],
      ['/react/', reactPage],
      ['/react/index.html', reactPage],
      ['/wc-wallet', wcWalletPage],
      ['/wc-wallet/', wcWalletPage],
      ['/wc-wallet/index.html', wcWalletPage],
      ['/gallery', galleryPage],
      ['/gallery/', galleryPage],
      ['/gallery/index.html', galleryPage],
    ]),
  });
}
