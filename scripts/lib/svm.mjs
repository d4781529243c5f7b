/**
 * The local Solana chain for `npm start`, tests and the demo: runs the built bin's
 * `w3kit-server svm` as a child process and waits for its line; seeds the dev account and the
 * demo SPL token.
 *
 *   const svm = await startSvm({ port: 8899 });      // port 0 = free ports
 *   const dev = await seedDevSolana(svm);             // 100 SOL and 1,000,000 W3USD for the dev account
 *   await svm.close();
 *
 * The chain never outlives the caller: killed on `process.on('exit')`, and it exits by itself when
 * its stdin pipe closes (the caller died in any way).
 *
 * The dev account and the W3USD mint are keypairs from fixed seeds (sha256 of a fixed text), so
 * their addresses never change: the demo's Dev Wallet signs with DEV_SOLANA_SECRET_KEY, and the
 * backend knows the mint as W3USD (server/src/chains/solana/tokens.ts: DEV_SPL_MINT).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { createMint, getOrCreateAssociatedTokenAccount, mintTo } from '@solana/spl-token';
import { SERVER_BUNDLE } from '../../server/scripts/bundle.mjs';

const seed = (text) => createHash('sha256').update(text).digest();

/** The text whose sha256 is the dev account's 32-byte ed25519 seed. */
export const DEV_SOLANA_SEED_TEXT = 'w3kit dev solana account';
const devKeypair = Keypair.fromSeed(seed(DEV_SOLANA_SEED_TEXT));
/** The dev account's 64-byte secret key (seed then public key), as web3.js `Keypair.fromSecretKey` takes it. */
export const DEV_SOLANA_SECRET_KEY = Uint8Array.from(devKeypair.secretKey);
/** The dev account's address: AuFc4jCgkVVxRxwsk1ayGpwacxn3gEHAQRsG7ufP5FyV. */
export const DEV_SOLANA_ADDRESS = devKeypair.publicKey.toBase58();

const mintKeypair = Keypair.fromSeed(seed('w3kit dev W3USD mint'));
/** The demo SPL token: W3USD, 6 decimals, at 2bPx4MRMbdPoEA439jR3EDPoBscHkhtVSsCChcpYMmhC. */
export const DEV_SPL_MINT = mintKeypair.publicKey.toBase58();
export const DEV_SPL_DECIMALS = 6;
/** What seedDevSolana gives the dev account. */
export const DEV_SOL = 100;
export const DEV_SPL_AMOUNT = 1_000_000;

const LINE = /^solana rpc (http:\/\/\S+) ws (ws:\/\/\S+)$/m;
/** Exits the chain when its stdin closes (the caller died without running exit handlers); unref'd, so it never keeps the chain running. */
const WATCHDOG =
  'data:text/javascript,' +
  encodeURIComponent(
    'const q=()=>process.exit(0);process.stdin.on("end",q);process.stdin.on("close",q);process.stdin.on("error",q);process.stdin.resume();process.stdin.unref?.();',
  );
const START_TIMEOUT_MS = 30_000;

/** Live children, killed when the caller exits. */
const live = new Set();
let hooked = false;

/**
 * @param {{ port?: number, dataDir?: string }} [options] port 0 (default) picks free ports; dataDir keeps the state
 */
export async function startSvm({ port = 0, dataDir } = {}) {
  if (!hooked) {
    hooked = true;
    process.on('exit', () => live.forEach((child) => child.kill('SIGKILL')));
  }
  const args = ['--import', WATCHDOG, SERVER_BUNDLE, 'svm', '--port', String(port), ...(dataDir ? ['--data', dataDir] : [])];
  const child = spawn(process.execPath, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env },
  });
  live.add(child);
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code) => (live.delete(child), resolve(code))));
  const found = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`w3kit-server svm printed no URL within ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk) => {
      output += chunk;
      const match = LINE.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`w3kit-server svm exited with code ${code} before answering:\n${output}`));
    });
  }).catch((err) => {
    child.kill('SIGKILL');
    throw err;
  });
  const [, url, wsUrl] = found;
  return {
    url,
    wsUrl,
    port: Number(new URL(url).port),
    close() {
      if (child.exitCode !== null) return Promise.resolve();
      child.kill('SIGTERM');
      return exited.then(() => undefined);
    },
  };
}

/**
 * Creates the W3USD mint when missing, gives the dev account 1,000,000 W3USD when its token
 * account is empty, and tops the dev account up to 100 SOL. Returns the addresses.
 * @param {{ url: string, wsUrl: string }} svm
 */
export async function seedDevSolana({ url, wsUrl }) {
  const connection = new Connection(url, { commitment: 'confirmed', wsEndpoint: wsUrl });
  const confirm = async (signature) => connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) });
  if (!(await connection.getAccountInfo(mintKeypair.publicKey))) {
    await confirm(await connection.requestAirdrop(devKeypair.publicKey, LAMPORTS_PER_SOL));
    await createMint(connection, devKeypair, devKeypair.publicKey, null, DEV_SPL_DECIMALS, mintKeypair);
  }
  const account = await getOrCreateAssociatedTokenAccount(connection, devKeypair, mintKeypair.publicKey, devKeypair.publicKey);
  if (account.amount === 0n) {
    const amount = BigInt(DEV_SPL_AMOUNT) * 10n ** BigInt(DEV_SPL_DECIMALS);
    await mintTo(connection, devKeypair, mintKeypair.publicKey, account.address, devKeypair, amount);
  }
  // Topped up last, so the fees and rent above leave it at 100 SOL.
  const balance = await connection.getBalance(devKeypair.publicKey);
  if (balance < DEV_SOL * LAMPORTS_PER_SOL)
    await confirm(await connection.requestAirdrop(devKeypair.publicKey, DEV_SOL * LAMPORTS_PER_SOL - balance));
  return { address: DEV_SOLANA_ADDRESS, mint: DEV_SPL_MINT, tokenAccount: account.address.toBase58() };
}
