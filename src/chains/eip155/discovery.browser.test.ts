/** EIP-6963 and injected discovery in Chromium, with the real test wallet announcing itself. */
import { expect } from 'chai';
import { createTestWallet, type TestWallet } from '../../../test/fixtures/eip1193-wallet.js';
import { describeInjected, parseAnnouncement, watchWallets, type DiscoveredWallet } from './discovery.js';

const rpc = { 31337: 'http://127.0.0.1:9/' };

describe('eip155 discovery', () => {
  const made: TestWallet[] = [];
  afterEach(() => {
    for (const w of made.splice(0)) w.remove();
    delete (window as unknown as { ethereum?: unknown }).ethereum;
  });

  it('rejects malformed announcements and keeps valid ones', () => {
    const provider = { request: async () => null };
    expect(parseAnnouncement(null)).to.equal(undefined);
    expect(parseAnnouncement({ info: { name: 'X' }, provider })).to.equal(undefined);
    expect(parseAnnouncement({ info: { name: 'X', rdns: 'x.y' }, provider: {} })).to.equal(undefined);
    const uuid = '6f1c3a52-9a5e-4c1b-8d2e-0c7f3b1a9e42';
    expect(parseAnnouncement({ info: { uuid: 'x', name: 'X', rdns: 'x.y' }, provider })).to.equal(undefined);
    expect(parseAnnouncement({ info: { uuid, name: ' X ', rdns: 'x.y', icon: 'data:image/svg+xml,<svg/>' }, provider })).to.include({
      id: 'x.y',
      name: 'X',
      type: 'ANNOUNCED',
    });
  });

  it('names window.ethereum from its flags, else Browser Wallet', () => {
    expect(describeInjected({ request: async () => null, isMetaMask: true })).to.include({
      id: 'injected',
      name: 'MetaMask',
      rdns: 'io.metamask',
    });
    expect(describeInjected({ request: async () => null })).to.include({ name: 'Browser Wallet' });
    expect(describeInjected({})).to.equal(undefined);
  });

  it('finds announced wallets, late ones too, and drops an injected duplicate', async () => {
    const a = createTestWallet({ rpcUrls: rpc, chainId: 31337, name: 'Alpha Wallet', rdns: 'dev.w3kit.alpha', storageKey: false } as never);
    made.push(a);
    (window as unknown as { ethereum: unknown }).ethereum = a.provider;
    let seen: DiscoveredWallet[] = [];
    const stop = watchWallets((list) => (seen = list));
    expect(seen.map((w) => `${w.type}:${w.name}`)).to.deep.equal(['ANNOUNCED:Alpha Wallet']);
    const b = createTestWallet({ rpcUrls: rpc, chainId: 31337, name: 'Beta Wallet', rdns: 'dev.w3kit.beta', storageKey: false } as never);
    made.push(b);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen.map((w) => w.name)).to.deep.equal(['Alpha Wallet', 'Beta Wallet']);
    expect(seen[1]!.provider).to.equal(b.provider);
    stop();
  });

  it('an announcement whose info getter throws raises no page error', async () => {
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent) => (errors.push(e.error), e.preventDefault());
    window.addEventListener('error', onError);
    let seen: DiscoveredWallet[] = [];
    const stop = watchWallets((list) => (seen = list));
    const detail = Object.defineProperty({ provider: { request: async () => null } }, 'info', {
      get() {
        throw new Error('hostile getter');
      },
    });
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    const a = createTestWallet({ rpcUrls: rpc, chainId: 31337, name: 'Alpha Wallet', rdns: 'dev.w3kit.alpha', storageKey: false } as never);
    made.push(a);
    await new Promise((r) => setTimeout(r, 0));
    window.removeEventListener('error', onError);
    stop();
    expect(errors).to.deep.equal([]);
    expect(seen.map((w) => w.name)).to.deep.equal(['Alpha Wallet']);
  });

  it('lists a lone injected provider as INJECTED', () => {
    (window as unknown as { ethereum: unknown }).ethereum = { request: async () => null, isRabby: true };
    let seen: DiscoveredWallet[] = [];
    const stop = watchWallets((list) => (seen = list));
    expect(seen.map((w) => `${w.type}:${w.name}`)).to.deep.equal(['INJECTED:Rabby Wallet']);
    stop();
  });
});
