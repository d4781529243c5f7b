/** scripts/lib/svm.mjs: the built bin's `svm` as a child process, and the dev account and W3USD seeding (idempotent). */
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../../server/scripts/bundle.mjs';
import { DEV_SPL_MINT as SERVER_DEV_SPL_MINT } from '../../server/src/chains/solana/tokens.js';
import { DEV_SOLANA_ADDRESS, DEV_SOLANA_SECRET_KEY, DEV_SPL_MINT, seedDevSolana, startSvm, type LocalSvm } from './svm.mjs';

let svm: LocalSvm;
beforeAll(async () => {
  await bundleServer();
  svm = await startSvm();
}, 30_000);
afterAll(() => svm?.close());

describe('startSvm and seedDevSolana', () => {
  it('run the chain from the bin and give the dev account 100 SOL and 1,000,000 W3USD, once', async () => {
    expect(DEV_SPL_MINT).toBe(SERVER_DEV_SPL_MINT);
    expect(Keypair.fromSecretKey(DEV_SOLANA_SECRET_KEY).publicKey.toBase58()).toBe(DEV_SOLANA_ADDRESS);
    const first = await seedDevSolana(svm);
    const again = await seedDevSolana(svm);
    expect(again).toEqual(first);
    const connection = new Connection(svm.url, { wsEndpoint: svm.wsUrl });
    expect(await connection.getBalance(new PublicKey(DEV_SOLANA_ADDRESS))).toBe(100 * LAMPORTS_PER_SOL);
    const tokens = await connection.getParsedTokenAccountsByOwner(new PublicKey(DEV_SOLANA_ADDRESS), { mint: new PublicKey(DEV_SPL_MINT) });
    expect(tokens.value.map((t) => t.account.data.parsed.info.tokenAmount.uiAmountString)).toEqual(['1000000']);
    expect(await connection.getGenesisHash()).toMatch(/^9RBq/);
  });
});
