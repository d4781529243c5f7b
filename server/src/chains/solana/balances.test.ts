/** The Blockchain API's Solana balances against the real local SVM: SOL and SPL tokens summed per mint, errors as for eip155. */
import { createHash } from 'node:crypto';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { createAccount, createMint, getOrCreateAssociatedTokenAccount, mintTo } from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SVM_GENESIS_HASH } from '../../../../src/wire/networks.js';
import { startServer, type RunningServer } from '../../index.js';
import { startSvmServer, type RunningSvm } from '../../svm/server.js';
import { setPrice } from '../../blockchain/prices.js';
import { DEV_SPL_MINT } from './tokens.js';

const CHAIN = `solana:${LOCAL_SVM_GENESIS_HASH.slice(0, 32)}`;
let svm: RunningSvm;
let server: RunningServer;
let connection: Connection;
const owner = Keypair.generate();
let unknownMint: PublicKey;

function balances(address: string, query: Record<string, string> = { chainId: CHAIN }, target = server) {
  const params = new URLSearchParams({ projectId: 'w3kit-dev', st: 'w3kit', sv: 'w3kit-0.1.0', currency: 'usd', ...query });
  return fetch(`${target.url}/v1/account/${encodeURIComponent(address)}/balance?${params}`).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as any,
  }));
}

beforeAll(async () => {
  svm = await startSvmServer({ port: 0, onError: () => undefined });
  server = await startServer({ port: 0, relayPort: false, seed: { wallets: 1 }, solanaRpc: svm.url });
  connection = new Connection(svm.url, { commitment: 'confirmed', wsEndpoint: svm.wsUrl });
  const payer = Keypair.generate();
  for (const [who, sol] of [
    [payer, 10],
    [owner, 2.5],
  ] as const) {
    const signature = await connection.requestAirdrop(who.publicKey, sol * LAMPORTS_PER_SOL);
    await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) });
  }
  const devMint = Keypair.fromSeed(createHash('sha256').update('w3kit dev W3USD mint').digest());
  const w3usd = await createMint(connection, payer, payer.publicKey, null, 6, devMint);
  const w3usdAccount = await getOrCreateAssociatedTokenAccount(connection, payer, w3usd, owner.publicKey);
  await mintTo(connection, payer, w3usd, w3usdAccount.address, payer, 12_500_000n);
  // An unknown mint held in two accounts (summed), one with 0 decimals (dropped) and one with nothing (dropped).
  unknownMint = await createMint(connection, payer, payer.publicKey, null, 9);
  const ata = await getOrCreateAssociatedTokenAccount(connection, payer, unknownMint, owner.publicKey);
  const second = await createAccount(connection, payer, unknownMint, owner.publicKey, Keypair.generate());
  await mintTo(connection, payer, unknownMint, ata.address, payer, 1_000_000_000n);
  await mintTo(connection, payer, unknownMint, second, payer, 500_000_000n);
  const whole = await createMint(connection, payer, payer.publicKey, null, 0);
  await mintTo(
    connection,
    payer,
    whole,
    (await getOrCreateAssociatedTokenAccount(connection, payer, whole, owner.publicKey)).address,
    payer,
    7n,
  );
  const empty = await createMint(connection, payer, payer.publicKey, null, 6);
  await getOrCreateAssociatedTokenAccount(connection, payer, empty, owner.publicKey);
}, 20_000);
afterAll(async () => {
  await server?.close();
  await svm?.close();
});

describe('GET /v1/account/{address}/balance for solana', () => {
  it('gives SOL first, then SPL tokens summed per mint, named from the token metadata or by a short mint, valued with the price table', async () => {
    await setPrice(server.storage, CHAIN, 'native', 150);
    await setPrice(server.storage, CHAIN, DEV_SPL_MINT, 1);
    const reply = await balances(owner.publicKey.toBase58());
    expect(reply.status).toBe(200);
    const mint = unknownMint.toBase58();
    expect(
      reply.body.balances.map(
        ({ iconUrl, ...rest }: any) => (expect(iconUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/public\/getTokenImage\//), rest),
      ),
    ).toEqual([
      { name: 'Solana', symbol: 'SOL', chainId: CHAIN, value: 375, price: 150, quantity: { decimals: '9', numeric: '2.5' } },
      {
        name: 'w3kit USD',
        symbol: 'W3USD',
        chainId: CHAIN,
        address: `${CHAIN}:${DEV_SPL_MINT}`,
        value: 12.5,
        price: 1,
        quantity: { decimals: '6', numeric: '12.5' },
      },
      {
        name: `${mint.slice(0, 4)}…${mint.slice(-4)}`,
        symbol: `${mint.slice(0, 4)}…${mint.slice(-4)}`,
        chainId: CHAIN,
        address: `${CHAIN}:${mint}`,
        value: 0,
        price: 0,
        quantity: { decimals: '9', numeric: '1.5' },
      },
    ]);
  });

  it('takes a CAIP-10 account, or a base58 address without chainId, and lists the chain as supported', async () => {
    const caip = await balances(`${CHAIN}:${owner.publicKey.toBase58()}`, {});
    expect(caip.status).toBe(200);
    expect(caip.body.balances[0].quantity.numeric).toBe('2.5');
    expect((await balances(owner.publicKey.toBase58(), {})).body.balances).toHaveLength(3);
    const chains = await fetch(`${server.url}/v1/supported-chains?projectId=w3kit-dev`).then((r) => r.json());
    expect(chains.http).toContain(CHAIN);
  });

  it('answers 400 naming a bad address or another chain', async () => {
    const bad = await balances('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(bad).toMatchObject({ status: 400, body: { field: 'address' } });
    expect(bad.body.message).toMatch(/32 to 44 base58 characters/);
    const short = await balances('abc', { chainId: CHAIN });
    expect(short).toMatchObject({ status: 400, body: { field: 'address' } });
    const other = await balances(owner.publicKey.toBase58(), { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' });
    expect(other).toMatchObject({ status: 400, body: { field: 'chainId' } });
    expect(other.body.message).toMatch(`supported: ${CHAIN}`);
  });

  it('answers 503 without a Solana RPC, and 503 naming the RPC when it stops', async () => {
    const plain = await startServer({ port: 0, relayPort: false, seed: { wallets: 1 } });
    try {
      const reply = await balances(owner.publicKey.toBase58(), { chainId: CHAIN }, plain);
      expect(reply.status).toBe(503);
      expect(reply.body.message).toMatch(/--solana-rpc/);
    } finally {
      await plain.close();
    }
    await svm.close();
    const stopped = await balances(owner.publicKey.toBase58());
    expect(stopped.status).toBe(503);
    expect(stopped.body.message).toContain(`The chain RPC of ${CHAIN} (${svm.url}) is not answering`);
  });
});
