/**
 * The flags Chromium needs on this kind of machine (root, no GPU, no network but loopback):
 * shared by the browser tests, the end-to-end suites and the bench. Which Chromium to launch
 * comes from ensureBrowser() in browser.mjs (CHROME_PATH, an installed one, or one it installs).
 */
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
