/**
 * Debian's Chromium and the flags it needs on this kind of machine (root, no GPU, no network
 * but loopback): shared by the browser tests, the end-to-end suites and the bench.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
