import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from './scripts/lib/chromium.mjs';
import { ensureBrowserOrExit } from './scripts/lib/browser.mjs';
import { startBackend } from './scripts/lib/backend.mjs';
import { startBtc } from './scripts/lib/btc.mjs';
import { startHardhat } from './scripts/lib/hardhat.mjs';

/**
 * Starts the real backend (the built `w3kit-server` bin, seeded: project w3kit-dev and the wallet
 * registry) for the element tests; they find it at `window.__W3_API_URL__`.
 */
let backend;
let backendDir;
function backendPlugin() {
  return {
    name: 'w3kit-backend',
    async serverStart() {
      backendDir = mkdtempSync(join(tmpdir(), 'w3kit-wtr-'));
      backend = await startBackend({ port: 0, dataDir: backendDir });
    },
    async serverStop() {
      await backend?.close();
      if (backendDir) rmSync(backendDir, { recursive: true, force: true });
    },
  };
}

/** The local Bitcoin chain (`w3kit-server btc`, regtest, port 0) for the bip122 tests; they find it at `window.__W3_BTC_URL__`. */
let btc;
function btcPlugin() {
  return {
    name: 'w3kit-btc',
    async serverStart() {
      // src/chains/bip122/send.browser.test.ts sends from its own key's address (sha256 of 'w3kit btc-send browser test'), not the dev account's;
      // src/chains/bip122/activity.browser.test.ts from its own (sha256 of 'w3kit btc-activity browser test').
      btc = await startBtc({
        port: 0,
        fund: ['bcrt1qgt37zpmq457eeucw74kkaemur44mc9lc09rxlx=1', 'bcrt1qjr076ecqda5e0gzxg4rjxlluqprz2ch3mymr9g=1'],
      });
    },
    async serverStop() {
      await btc?.close();
    },
  };
}

/** A Hardhat node (chain 31337, port 0) for the tests that send to a chain; they find it at `window.__W3_EVM_URL__`. */
let evm;
function evmPlugin() {
  return {
    name: 'w3kit-evm',
    async serverStart() {
      evm = await startHardhat({ port: 0 });
    },
    async serverStop() {
      await evm?.stop();
    },
  };
}

/** Records pass/fail counts for scripts/test.mjs's closing line. */
function countReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      let skipped = 0;
      const failures = [];
      const visit = (suite, path, testFile) => {
        for (const t of suite.tests) {
          if (t.skipped) skipped++;
          else if (t.passed) passed++;
          else {
            failed++;
            failures.push(`${testFile}: ${[...path, t.name].join(' > ')}: ${t.error?.message ?? 'failed'}`);
          }
        }
        for (const s of suite.suites) visit(s, [...path, s.name], testFile);
      };
      let errors = 0;
      for (const session of sessions) {
        if (session.testResults) visit(session.testResults, [], session.testFile);
        if (!session.passed && (session.errors?.length ?? 0) > 0) {
          errors += session.errors.length;
          for (const e of session.errors) failures.push(`${session.testFile}: ${e.message ?? e}`);
        }
      }
      mkdirSync('.cache', { recursive: true });
      writeFileSync(file, JSON.stringify({ passed, failed: failed + errors, skipped, failures }));
    },
  };
}

// CHROME_PATH, an installed Chromium or Chrome, or one installed now (scripts/lib/browser.mjs).
const executablePath = await ensureBrowserOrExit({ quiet: Boolean(process.env.CHROME_PATH) });

export default {
  files: ['src/elements/**/*.test.ts', 'src/**/*.browser.test.ts', 'test/browser/**/*.test.ts', 'test/.bundled/**/*.test.js'],
  nodeResolve: { exportConditions: ['production', 'browser'] },
  plugins: [esbuildPlugin({ ts: true, tsconfig: 'tsconfig.json', target: 'es2022' }), backendPlugin(), btcPlugin(), evmPlugin()],
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath, args: CHROMIUM_ARGS },
    }),
  ],
  // nanostores reads process.env.NODE_ENV; bundlers replace it, a plain browser page needs it defined.
  testRunnerHtml: (testFramework) =>
    `<!doctype html><html lang="en"><head><title>w3kit tests</title><script>window.process = { env: { NODE_ENV: 'production' } }; window.__W3_API_URL__ = ${JSON.stringify(backend?.url ?? '')}; window.__W3_BTC_URL__ = ${JSON.stringify(btc?.url ?? '')}; window.__W3_EVM_URL__ = ${JSON.stringify(evm?.url ?? '')};</script></head>` +
    `<body><script type="module" src="${testFramework}"></script></body></html>`,
  concurrency: 1,
  browserStartTimeout: 60_000,
  testsStartTimeout: 60_000,
  testsFinishTimeout: 180_000,
  testFramework: { config: { timeout: 10_000 } },
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), countReporter('.cache/wtr-counts.json')],
};
