/**
 * The Blockchain API over a real Hardhat node with the demo contracts: balances, prices,
 * history paging, NFTs and spam, identities, input errors, project and origin checks.
 */
import { getAddress, parseEther, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployDemoContracts, DEMO_CONTRACTS } from '../../scripts/lib/contracts.mjs';
import { markSpam, setIdentity, setPrice, unmarkSpam } from '../src/index.js';
import {
  ACCOUNTS,
  api,
  CHAIN,
  ERC20_ABI,
  indexedUpTo,
  mined,
  NFT_ABI,
  startChainServer,
  TETHER_ABI,
  waitFor,
  type ChainServer,
} from './blockchain-helpers.js';
import { DEV, getJson, LOCAL_ORIGIN } from './helpers.js';

let ctx: ChainServer;
beforeAll(async () => {
  ctx = await startChainServer();
  await indexedUpTo(ctx.server, ctx.clients);
}, 60_000);
afterAll(() => ctx?.close());

const balancesOf = async (address: string): Promise<any[]> => {
  const reply = await api(ctx.server, `/v1/account/${address}/balance`, { currency: 'usd', chainId: CHAIN });
  expect(reply.status).toBe(200);
  return reply.body.balances;
};

const historyOf = async (address: string, query: Record<string, string> = {}): Promise<{ data: any[]; next: string | null }> => {
  const reply = await api(ctx.server, `/v1/account/${address}/history`, { chainId: CHAIN, ...query });
  expect(reply.status).toBe(200);
  return reply.body;
};

const hasTx = (hash: string) => async (address: string) =>
  (await historyOf(address)).data.some((t) => t.metadata.hash === hash) ? true : undefined;

describe('demo contracts', () => {
  it('are at the deterministic addresses on a fresh chain, and found again without a new deployment', async () => {
    expect(ctx.contracts).toEqual(DEMO_CONTRACTS);
    const head = await ctx.clients.publicClient.getBlockNumber({ cacheTime: 0 });
    expect(await deployDemoContracts(ctx.chain.url)).toEqual(DEMO_CONTRACTS);
    expect(await ctx.clients.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(head);
  });
});

describe('GET /v1/supported-chains', () => {
  it('lists the indexed chain', async () => {
    const reply = await api(ctx.server, '/v1/supported-chains');
    expect(reply).toMatchObject({ status: 200, body: { http: [CHAIN], ws: [] } });
  });
});

describe('GET /v1/account/{address}/balance', () => {
  it("gives account 0's native, DUSD and DUSDT balances with prices, values and icons", async () => {
    const balances = await balancesOf(ACCOUNTS[0]);
    expect(balances.map((b) => b.symbol)).toEqual(['ETH', 'DUSD', 'DUSDT']);
    const [eth, dusd, dusdt] = balances;
    expect(eth).toMatchObject({ name: 'Ether', symbol: 'ETH', chainId: CHAIN, price: 3000, quantity: { decimals: '18' } });
    expect(eth).not.toHaveProperty('address');
    expect(Number(eth.quantity.numeric)).toBeGreaterThan(9000);
    expect(eth.value).toBeCloseTo(Number(eth.quantity.numeric) * 3000, 2);
    expect(dusd).toEqual({
      name: 'Demo Dollar',
      symbol: 'DUSD',
      chainId: CHAIN,
      address: `${CHAIN}:${DEMO_CONTRACTS.dusd}`,
      value: expect.any(Number),
      price: 1,
      quantity: { decimals: '6', numeric: expect.stringMatching(/^\d+(\.\d+)?$/) },
      iconUrl: `${ctx.server.url}/public/getTokenImage/DUSD?projectId=${DEV}`,
    });
    expect(dusdt).toMatchObject({ name: 'Demo Tether', symbol: 'DUSDT', address: `${CHAIN}:${DEMO_CONTRACTS.dusdt}`, price: 1 });
    for (const b of balances) {
      const icon = await fetch(b.iconUrl);
      expect(icon.status, b.iconUrl).toBe(200);
      expect(icon.headers.get('content-type')).toMatch(/^image\//);
    }
  });

  it('shows an ERC-20 and a native transfer at once, and indexes both within a second', async () => {
    const { walletClient } = ctx.clients;
    const to = ACCOUNTS[1];
    const before = await balancesOf(to);
    expect(before.map((b) => b.symbol)).toEqual(['ETH']);

    const tokenTx = await walletClient.writeContract({
      account: ACCOUNTS[0],
      address: DEMO_CONTRACTS.dusd,
      abi: ERC20_ABI,
      functionName: 'transfer',
      args: [to, 999_500_000n],
    });
    const nativeTx = await walletClient.sendTransaction({ account: ACCOUNTS[0], to, value: parseEther('1.5') });
    await mined(ctx.clients, tokenTx);
    await mined(ctx.clients, nativeTx);

    const after = await balancesOf(to);
    expect(after.find((b) => b.symbol === 'DUSD')).toMatchObject({ quantity: { decimals: '6', numeric: '999.5' }, value: 999.5, price: 1 });
    expect(Number(after[0].quantity.numeric) - Number(before[0].quantity.numeric)).toBeCloseTo(1.5, 6);
    expect(after.map((b) => b.symbol)).toEqual(['ETH', 'DUSD']);

    await waitFor(
      'both transfers in the history',
      async () => ((await hasTx(tokenTx)(to)) && (await hasTx(nativeTx)(to))) || undefined,
      1000,
    );
    const { data } = await historyOf(to);
    const token = data.find((t) => t.metadata.hash === tokenTx);
    expect(token).toEqual({
      id: tokenTx,
      metadata: {
        operationType: 'receive',
        hash: tokenTx,
        minedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        sentFrom: ACCOUNTS[0],
        sentTo: DEMO_CONTRACTS.dusd,
        status: 'confirmed',
        nonce: expect.any(Number),
        chain: CHAIN,
      },
      transfers: [
        {
          fungible_info: {
            name: 'Demo Dollar',
            symbol: 'DUSD',
            icon: { url: `${ctx.server.url}/public/getTokenImage/DUSD?projectId=${DEV}` },
          },
          direction: 'in',
          quantity: { numeric: '999.5' },
          value: 999.5,
          price: 1,
        },
      ],
    });
    const native = data.find((t) => t.metadata.hash === nativeTx);
    expect(native.metadata).toMatchObject({ operationType: 'receive', sentFrom: ACCOUNTS[0], sentTo: to });
    expect(native.transfers).toEqual([
      {
        fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: `${ctx.server.url}/public/getTokenImage/ETH?projectId=${DEV}` } },
        direction: 'in',
        quantity: { numeric: '1.5' },
        value: 4500,
        price: 3000,
      },
    ]);
    const sent = (await historyOf(ACCOUNTS[0])).data.find((t) => t.metadata.hash === nativeTx);
    expect(sent.metadata.operationType).toBe('send');
    expect(sent.transfers[0].direction).toBe('out');
  });

  it('indexes a USDT-style transfer (no return value)', async () => {
    const { walletClient } = ctx.clients;
    const hash = await walletClient.writeContract({
      account: ACCOUNTS[0],
      address: DEMO_CONTRACTS.dusdt,
      abi: TETHER_ABI,
      functionName: 'transfer',
      args: [ACCOUNTS[2], 12_340_000n],
    });
    await mined(ctx.clients, hash);
    await waitFor('the DUSDT transfer in the history', () => hasTx(hash)(ACCOUNTS[2]));
    const tx = (await historyOf(ACCOUNTS[2])).data.find((t) => t.metadata.hash === hash);
    expect(tx.transfers).toEqual([
      expect.objectContaining({
        fungible_info: expect.objectContaining({ symbol: 'DUSDT' }),
        direction: 'in',
        quantity: { numeric: '12.34' },
      }),
    ]);
    expect((await balancesOf(ACCOUNTS[2])).find((b) => b.symbol === 'DUSDT')).toMatchObject({
      quantity: { numeric: '12.34' },
      value: 12.34,
    });
  });

  it('uses the prices table as it changes (unknown prices are 0)', async () => {
    await setPrice(ctx.server.storage, CHAIN, DEMO_CONTRACTS.dusd, 2.5);
    try {
      expect((await balancesOf(ACCOUNTS[1])).find((b) => b.symbol === 'DUSD')).toMatchObject({ price: 2.5, value: 2498.75 });
      await setPrice(ctx.server.storage, CHAIN, 'native', 0);
      expect((await balancesOf(ACCOUNTS[1]))[0]).toMatchObject({ price: 0, value: 0 });
    } finally {
      await setPrice(ctx.server.storage, CHAIN, DEMO_CONTRACTS.dusd, 1);
      await setPrice(ctx.server.storage, CHAIN, 'native', 3000);
    }
  });

  it('answers 400 naming the bad parameter', async () => {
    const cases: [string, Record<string, string>, string, RegExp][] = [
      ['0x123', {}, 'address', /^Invalid path parameter 'address': must be an EVM address \(0x and 40 hex characters\)$/],
      [`${ACCOUNTS[0]}00`, {}, 'address', /path parameter 'address'/],
      [ACCOUNTS[0].slice(2), {}, 'address', /path parameter 'address'/],
      [ACCOUNTS[0], { currency: 'eur' }, 'currency', /^Invalid query parameter 'currency': must be one of 'usd'$/],
      [ACCOUNTS[0], { chainId: '31337' }, 'chainId', /^Invalid query parameter 'chainId': must be a CAIP-2 EVM chain id/],
      [ACCOUNTS[0], { chainId: 'eip155:1' }, 'chainId', /chain 'eip155:1' is not supported \(supported: eip155:31337\)/],
      [ACCOUNTS[0], { forceUpdate: 'x'.repeat(201) }, 'forceUpdate', /'forceUpdate'/],
    ];
    for (const [address, query, field, message] of cases) {
      const reply = await api(ctx.server, `/v1/account/${address}/balance`, { currency: 'usd', chainId: CHAIN, ...query });
      expect(reply.status, `${address} ${JSON.stringify(query)}`).toBe(400);
      expect(reply.body.field).toBe(field);
      expect(reply.body.message).toMatch(message);
    }
  });

  it('takes the indexed chain when the request names none, and accepts forceUpdate', async () => {
    const reply = await api(ctx.server, `/v1/account/${ACCOUNTS[0].toLowerCase()}/balance`, { forceUpdate: 'true' });
    expect(reply.status).toBe(200);
    expect(reply.body.balances[0].symbol).toBe('ETH');
  });
});

describe('project and origin checks', () => {
  it('answers 403 for an unknown project and 400 without one', async () => {
    for (const path of [
      '/v1/supported-chains',
      `/v1/account/${ACCOUNTS[0]}/balance`,
      `/v1/account/${ACCOUNTS[0]}/history`,
      `/v1/identity/${ACCOUNTS[0]}`,
    ]) {
      const unknown = await api(ctx.server, path, { projectId: 'nope' });
      expect(unknown.status, path).toBe(403);
      expect(unknown.body).toEqual({ message: "Unknown project 'nope'", field: 'projectId' });
      const missing = await getJson(ctx.server, path);
      expect(missing.status, path).toBe(400);
      expect(missing.body.field).toBe('projectId');
    }
    const post = await getJson(ctx.server, '/v1/fungible/price?projectId=nope', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'usd', addresses: [`${CHAIN}:native`] }),
    });
    expect(post.status).toBe(403);
  });

  it("echoes an allowed origin, refuses another, and answers the price POST's preflight", async () => {
    const allowed = await api(ctx.server, '/v1/supported-chains', {}, { headers: { origin: LOCAL_ORIGIN } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(LOCAL_ORIGIN);
    const refused = await api(ctx.server, `/v1/account/${ACCOUNTS[0]}/balance`, {}, { headers: { origin: 'https://evil.example' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${ctx.server.url}/v1/fungible/price?projectId=${DEV}`, {
      method: 'OPTIONS',
      headers: { origin: LOCAL_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(LOCAL_ORIGIN);
  });
});

describe('POST /v1/fungible/price', () => {
  const post = (body: unknown, type = 'application/json') =>
    getJson(ctx.server, `/v1/fungible/price?projectId=${DEV}&st=w3kit&sv=w3kit-0.1.0`, {
      method: 'POST',
      headers: { 'content-type': type },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('prices native and tokens in the order asked', async () => {
    const reply = await post({
      projectId: DEV,
      currency: 'usd',
      addresses: [`${CHAIN}:${DEMO_CONTRACTS.dusdt}`, `${CHAIN}:native`, `${CHAIN}:${DEMO_CONTRACTS.dusd.toLowerCase()}`],
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      fungibles: [
        { name: 'Demo Tether', symbol: 'DUSDT', iconUrl: `${ctx.server.url}/public/getTokenImage/DUSDT?projectId=${DEV}`, price: 1 },
        { name: 'Ether', symbol: 'ETH', iconUrl: `${ctx.server.url}/public/getTokenImage/ETH?projectId=${DEV}`, price: 3000 },
        { name: 'Demo Dollar', symbol: 'DUSD', iconUrl: `${ctx.server.url}/public/getTokenImage/DUSD?projectId=${DEV}`, price: 1 },
      ],
    });
  });

  it('gives an NFT collection or an unpriced token price 0, and reads a token the index lacks from the node', async () => {
    const reply = await post({ currency: 'usd', addresses: [`${CHAIN}:${DEMO_CONTRACTS.nft}`] });
    expect(reply.body.fungibles).toEqual([expect.objectContaining({ name: 'Demo NFT', symbol: 'DNFT', price: 0 })]);
    const account = await post({ currency: 'usd', addresses: [`${CHAIN}:${ACCOUNTS[3]}`] });
    expect(account.status).toBe(200);
    expect(account.body.fungibles[0]).toMatchObject({ price: 0, symbol: 'TOKEN' });
  });

  it('answers 400 naming the bad body field', async () => {
    const cases: [unknown, string][] = [
      [{ addresses: [`${CHAIN}:native`] }, 'currency'],
      [{ currency: 'eur', addresses: [`${CHAIN}:native`] }, 'currency'],
      [{ currency: 'usd' }, 'addresses'],
      [{ currency: 'usd', addresses: [] }, 'addresses'],
      [{ currency: 'usd', addresses: [`${CHAIN}:native`, '0x1234'] }, 'addresses.1'],
      [{ currency: 'usd', addresses: ['eip155:1:native'] }, 'addresses.0'],
      [{ currency: 'usd', addresses: Array(101).fill(`${CHAIN}:native`) }, 'addresses'],
      [{ projectId: 'other', currency: 'usd', addresses: [`${CHAIN}:native`] }, 'projectId'],
      ['[1]', 'body'],
      ['{nope', 'body'],
    ];
    for (const [body, field] of cases) {
      const reply = await post(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.field, JSON.stringify(body)).toBe(field);
      expect(reply.body.message).toContain(field === 'body' ? 'body' : `'${field}'`);
    }
  });
});

describe('GET /v1/account/{address}/history', () => {
  it('pages 20 at a time, newest first, without overlap', async () => {
    const { walletClient } = ctx.clients;
    const from = ACCOUNTS[3];
    const to: Address = '0x000000000000000000000000000000000000dEaD';
    const hashes: Hash[] = [];
    for (let i = 0; i < 45; i++) hashes.push(await walletClient.sendTransaction({ account: from, to, value: BigInt(i + 1) }));
    await mined(ctx.clients, hashes.at(-1)!);
    await waitFor('the last transaction indexed', () => hasTx(hashes.at(-1)!)(from));

    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes = [];
    do {
      const page: { data: { id: string; metadata: { hash: string; nonce: number } }[]; next: string | null } = await historyOf(
        from,
        cursor ? { cursor } : {},
      );
      sizes.push(page.data.length);
      seen.push(...page.data.map((t) => t.metadata.hash));
      cursor = page.next;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(45);
    expect(seen).toEqual([...hashes].reverse());

    const first = await historyOf(to);
    expect(first.data[0].transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '0.000000000000000045' } });
  });

  it('marks contract deployments with minted tokens as mint and calls without transfers as execute', async () => {
    const pages = [];
    let cursor: string | null = null;
    do {
      const page: { data: { metadata: { operationType: string; sentTo: string; nonce: number } }[]; next: string | null } = await historyOf(
        ACCOUNTS[0],
        cursor ? { cursor } : {},
      );
      pages.push(...page.data);
      cursor = page.next;
    } while (cursor);
    const byNonce = new Map(pages.map((t) => [t.metadata.nonce, t.metadata]));
    expect(byNonce.get(0)).toMatchObject({ operationType: 'mint', sentTo: DEMO_CONTRACTS.dusd });
    expect(byNonce.get(2)).toMatchObject({ operationType: 'execute', sentTo: DEMO_CONTRACTS.nft });
    expect(byNonce.get(4)).toMatchObject({ operationType: 'mint', sentTo: DEMO_CONTRACTS.nft });
  });

  it('answers 400 for a bad cursor or address, and an empty page for an address without activity', async () => {
    for (const cursor of ['nope!', 'bm9wZQ', 'x'.repeat(65)]) {
      const reply = await api(ctx.server, `/v1/account/${ACCOUNTS[0]}/history`, { chainId: CHAIN, cursor });
      expect(reply.status, cursor).toBe(400);
      expect(reply.body.field).toBe('cursor');
    }
    const bad = await api(ctx.server, '/v1/account/0xnope/history', { chainId: CHAIN });
    expect(bad).toMatchObject({ status: 400, body: { field: 'address' } });
    expect(await historyOf('0x00000000000000000000000000000000000000aa')).toEqual({ data: [], next: null });
  });
});

describe('GET /v1/account/{address}/nfts', () => {
  it('lists the owned NFTs with names and images from tokenURI, the spam one flagged', async () => {
    const reply = await api(ctx.server, `/v1/account/${ACCOUNTS[0]}/nfts`, { chainId: CHAIN });
    expect(reply.status).toBe(200);
    expect(reply.body.data.map((n: { name: string }) => n.name)).toEqual([
      'Demo NFT #1',
      'Demo NFT #2',
      'Demo NFT #3',
      'Claim Free ETH #1',
    ]);
    expect(reply.body.data[0]).toEqual({
      contract: DEMO_CONTRACTS.nft,
      tokenId: '1',
      name: 'Demo NFT #1',
      imageUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      collection: 'Demo NFT',
      spam: false,
    });
    const svg = Buffer.from(reply.body.data[0].imageUrl.split(',')[1], 'base64').toString('utf8');
    expect(svg).toContain('#1</text>');
    expect(reply.body.data[3]).toMatchObject({ contract: DEMO_CONTRACTS.spamNft, collection: 'Claim Free ETH', spam: true });
  });

  it('follows a transfer and shows it in both histories', async () => {
    const hash = await ctx.clients.walletClient.writeContract({
      account: ACCOUNTS[0],
      address: DEMO_CONTRACTS.nft,
      abi: NFT_ABI,
      functionName: 'transferFrom',
      args: [ACCOUNTS[0], ACCOUNTS[1], 2n],
    });
    await mined(ctx.clients, hash);
    const received = await waitFor('the NFT at account 1', async () => {
      const reply = await api(ctx.server, `/v1/account/${ACCOUNTS[1]}/nfts`, { chainId: CHAIN });
      return reply.body.data.length ? reply.body.data : undefined;
    });
    expect(received).toEqual([expect.objectContaining({ contract: DEMO_CONTRACTS.nft, tokenId: '2', name: 'Demo NFT #2' })]);
    const left = await api(ctx.server, `/v1/account/${ACCOUNTS[0]}/nfts`, { chainId: CHAIN });
    expect(left.body.data.map((n: { tokenId: string }) => n.tokenId)).toEqual(['1', '3', '1']);

    const tx = (await historyOf(ACCOUNTS[1])).data.find((t) => t.metadata.hash === hash);
    expect(tx.metadata.operationType).toBe('receive');
    expect(tx.transfers).toEqual([
      {
        nft_info: {
          name: 'Demo NFT #2',
          content: { preview: { url: expect.stringMatching(/^data:image\/svg\+xml;base64,/) } },
          flags: { is_spam: false },
        },
        direction: 'in',
        quantity: { numeric: '1' },
        value: 0,
        price: 0,
      },
    ]);
    const sent = (await historyOf(ACCOUNTS[0])).data.find((t) => t.metadata.hash === hash);
    expect(sent.metadata.operationType).toBe('send');
  });

  it("flags a whole collection the operator lists as spam, at once, and in the history's NFT flags", async () => {
    const flags = async () => (await api(ctx.server, `/v1/account/${ACCOUNTS[1]}/nfts`, { chainId: CHAIN })).body.data[0].spam;
    expect(await flags()).toBe(false);
    expect(await markSpam(ctx.server.storage, DEMO_CONTRACTS.nft)).toBe(DEMO_CONTRACTS.nft);
    try {
      expect(await flags()).toBe(true);
      const tx = (await historyOf(ACCOUNTS[1])).data.find((t) => t.transfers[0]?.nft_info);
      expect(tx.transfers[0].nft_info.flags.is_spam).toBe(true);
    } finally {
      await unmarkSpam(ctx.server.storage, DEMO_CONTRACTS.nft);
    }
    expect(await flags()).toBe(false);
  });

  it('answers 400 for a bad address or chain', async () => {
    expect((await api(ctx.server, '/v1/account/nope/nfts', { chainId: CHAIN })).body.field).toBe('address');
    expect((await api(ctx.server, `/v1/account/${ACCOUNTS[0]}/nfts`, { chainId: 'eip155:5' })).body.field).toBe('chainId');
  });
});

describe('GET /v1/identity/{address}', () => {
  it('answers null name and avatar without an identity, and the stored ones with it', async () => {
    const none = await api(ctx.server, `/v1/identity/${ACCOUNTS[0]}`, { sender: ACCOUNTS[1], chainId: CHAIN });
    expect(none).toMatchObject({ status: 200, body: { name: null, avatar: null } });
    await setIdentity(ctx.server.storage, ACCOUNTS[2], 'carol.w3kit', 'https://example.com/carol.png');
    const set = await api(ctx.server, `/v1/identity/${ACCOUNTS[2].toLowerCase()}`, { chainId: CHAIN });
    expect(set.body).toEqual({ name: 'carol.w3kit', avatar: 'https://example.com/carol.png' });
  });

  it('answers 400 naming a bad address, sender or chain', async () => {
    expect((await api(ctx.server, '/v1/identity/carol')).body).toMatchObject({ field: 'address' });
    expect((await api(ctx.server, `/v1/identity/${ACCOUNTS[0]}`, { sender: 'x' })).body).toMatchObject({ field: 'sender' });
    expect((await api(ctx.server, `/v1/identity/${ACCOUNTS[0]}`, { chainId: 'mainnet' })).body).toMatchObject({ field: 'chainId' });
  });
});

describe('GET /health', () => {
  it("reports the indexer's chain, node head and indexed block", async () => {
    const head = Number(await ctx.clients.publicClient.getBlockNumber({ cacheTime: 0 }));
    const health = await waitFor('the index at the head', async () => {
      const reply = await getJson(ctx.server, '/health');
      return reply.body.evm.indexed === head ? reply.body : undefined;
    }).catch(async (err) => {
      throw new Error(`${err}: ${JSON.stringify((await getJson(ctx.server, '/health')).body)} head ${head}`);
    });
    expect(health).toEqual({
      ok: true,
      evm: {
        rpcUrl: ctx.chain.url,
        chainId: CHAIN,
        connected: true,
        head: expect.any(Number),
        indexed: head,
        stalled: false,
        stalledSince: null,
        lastError: null,
      },
    });
    expect(getAddress(ACCOUNTS[0])).toBe(ACCOUNTS[0]);
  });
});
