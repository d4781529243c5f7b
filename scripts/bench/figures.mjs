/**
 * What `npm run bench` reports and against what (DESIGN.md, Budgets; issue 11, section 6): each
 * figure names the samples it reads (`page.measure`, see run-bench.mjs), what it is compared with
 * in the same rounds, the target, and the AppKit anchor. Figures without a target are reported so
 * growth is visible.
 *
 * A figure: { id, label, unit, digits, subject, reference?, compare?: 'ratio' | 'difference',
 * target?: number, anchor?: string }. With `compare`, `target` applies to subject / reference
 * (ratio) or subject - reference (difference); without it, to the subject itself.
 */
export const FIGURES = [
  {
    id: 'firstChunkGzip',
    label: 'CDN first chunk',
    unit: 'KB gzip',
    digits: 1,
    subject: 'static.firstChunkGzip',
    target: 32,
    anchor: 'AppKit CDN ~1,216 KB gzip before its button works',
  },
  {
    id: 'walletConnectChunkGzip',
    label: 'WalletConnect lazy chunk',
    unit: 'KB gzip',
    digits: 1,
    subject: 'static.walletConnectChunkGzip',
  },
  {
    id: 'localeChunkGzip',
    label: 'largest locale chunk (of 20, each lazy)',
    unit: 'KB gzip',
    digits: 2,
    subject: 'static.localeChunkGzip',
  },
  {
    id: 'solanaChunksGzip',
    label: 'Solana lazy chunks (total)',
    unit: 'KB gzip',
    digits: 1,
    subject: 'static.solanaChunksGzip',
  },
  { id: 'installPackages', label: 'install: packages', unit: 'packages', digits: 0, subject: 'static.installPackages' },
  { id: 'installSize', label: 'install: size on disk', unit: 'MB', digits: 1, subject: 'static.installMB' },
  {
    id: 'buttonUsable',
    label: 'button usable',
    unit: 'ms',
    digits: 1,
    subject: 'w3kit.buttonUsable',
    reference: 'floor.buttonUsable',
    compare: 'ratio',
    target: 1.5,
    anchor: 'AppKit 885 ms (absolute, its own machine)',
  },
  {
    id: 'clickToModalPainted',
    label: 'click to modal painted',
    unit: 'ms',
    digits: 1,
    subject: 'w3kit.clickToModalPainted',
    reference: 'floor.clickToModalPainted',
    compare: 'ratio',
    target: 2,
  },
  {
    id: 'heapAfterOpen',
    label: 'JS heap after opening',
    unit: 'MB',
    digits: 2,
    subject: 'w3kit.heapAfterOpen',
    reference: 'empty.heapAfterOpen',
    compare: 'difference',
    target: 2,
  },
  {
    id: 'allWalletsFirstRow',
    label: 'All Wallets (1,000): open to first row',
    unit: 'ms',
    digits: 1,
    subject: 'registry.allWalletsFirstRow',
    reference: 'registryFloor.clickToModalPainted',
    compare: 'ratio',
    target: 2,
  },
  {
    id: 'allWalletsScrollLongTasks',
    label: 'All Wallets: long tasks, wheel every 100 ms',
    unit: 'tasks',
    digits: 0,
    subject: 'registry.allWalletsScrollLongTasks',
    target: 0,
  },
  {
    id: 'searchKeystrokeToResults',
    label: 'All Wallets: keystroke to results',
    unit: 'ms',
    digits: 1,
    subject: 'registry.searchKeystrokeToResults',
  },
  { id: 'connectRoundTrip', label: 'connect round trip', unit: 'ms', digits: 1, subject: 'connect.connectRoundTrip' },
  {
    id: 'connectRoundTripSolana',
    label: 'connect round trip (solana)',
    unit: 'ms',
    digits: 1,
    subject: 'connectSolana.connectRoundTrip',
  },
  {
    id: 'walletConnectClickToQr',
    label: 'WalletConnect: click to QR painted',
    unit: 'ms',
    digits: 1,
    subject: 'walletconnect.walletConnectClickToQr',
  },
  {
    id: 'localeSwitch',
    label: 'switch locale live, modal open (median of 4)',
    unit: 'ms',
    digits: 1,
    subject: 'locale.localeSwitch',
  },
];
