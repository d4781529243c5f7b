/**
 * The local Solana chain for `npm start`, tests and the demo: runs the built bin's
 * `w3kit-server svm` as a child process and waits for its line; seeds the dev account and the
 * demo SPL token.
 *
 *   const svm = await startSvm({ port: 8899 });      // port 0 = free ports
 *   const dev = await seedDevSolana(svm);             // 100 SOL and 1,000,000 W3USD for the dev account
 *   await svm.close();
 *
 * The chain never outlives the caller (./bin-child.mjs).
 *
 * The dev account and the W3USD mint are keypairs from fixed seeds (sha256 of a fixed text), so
 * their addresses never change: the demo's Dev Wallet signs with DEV_SOLANA_SECRET_KEY, and the
 * backend knows the mint as W3USD (server/src/chains/solana/tokens.ts: DEV_SPL_MINT).
 */
import { createHash } from 'node:crypto';
import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { createMint, getOrCreateAssociatedTokenAccount, mintTo } from '@solana/spl-token';
import { startBinChild } from './bin-child.mjs';

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
/**
 * @param {{ port?: number, dataDir?: string }} [options] port 0 (default) picks free ports; dataDir keeps the state
 */
export async function startSvm({ port = 0, dataDir } = {}) {
  const args = ['--port', String(port), ...(dataDir ? ['--data', dataDir] : [])];
  const { match, close } = await startBinChild('svm', args, LINE);
  const [, url, wsUrl] = match;
  return { url, wsUrl, port: Number(new URL(url).port), close };
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
