import { sign, verify } from 'node:crypto';
import bs58 from 'bs58';
import { Keypair, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { isInjectedSolana, wrapInjected, type InjectedSolana } from './injected.js';

function ed25519Sign(message: Uint8Array, seed: Uint8Array): Uint8Array {
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seed)]);
  return new Uint8Array(sign(null, message, { key: pkcs8, format: 'der', type: 'pkcs8' }));
}

/** ed25519 verification by Node's own crypto (OpenSSL), independent of the code under test. */
function ed25519Verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKey)]);
  return verify(null, message, { key: spki, format: 'der', type: 'spki' }, signature);
}

/** A window.solana-style provider on a real keypair, as Phantom's legacy API shapes it. */
function legacyProvider(keypair: Keypair, trusted: boolean) {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const provider = {
    isPhantom: true,
    publicKey: null as PublicKey | null,
    async connect(options?: { onlyIfTrusted?: boolean }) {
      if (options?.onlyIfTrusted && !trusted) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      provider.publicKey = keypair.publicKey;
      return { publicKey: keypair.publicKey };
    },
    async disconnect() {
      provider.publicKey = null;
      for (const l of listeners.get('disconnect') ?? []) l();
    },
    async signMessage(message: Uint8Array, display?: string) {
      expect(display).toBe('utf8');
      return { signature: ed25519Sign(message, keypair.secretKey.slice(0, 32)), publicKey: keypair.publicKey };
    },
    async signTransaction(tx: VersionedTransaction) {
      tx.sign([keypair]);
      return tx;
    },
    async signAndSendTransaction(tx: VersionedTransaction, options?: unknown) {
      expect(options).toEqual({ skipPreflight: true });
      tx.sign([keypair]);
      return { signature: bs58.encode(tx.signatures[0] as Uint8Array), publicKey: keypair.publicKey };
    },
    on(event: string, l: (...args: unknown[]) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(l));
    },
    off(event: string, l: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(l);
    },
    emit(event: string, ...args: unknown[]) {
      for (const l of listeners.get(event) ?? []) l(...args);
    },
  };
  return provider;
}

function unsigned(from: PublicKey): Uint8Array {
  const tx = new Transaction({ feePayer: from, recentBlockhash: Keypair.generate().publicKey.toBase58() });
  tx.add(SystemProgram.transfer({ fromPubkey: from, toPubkey: Keypair.generate().publicKey, lamports: 1 }));
  return Uint8Array.from(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
}

describe('injected Solana providers', () => {
  const keypair = Keypair.fromSeed(new Uint8Array(32).fill(5));
  const address = keypair.publicKey.toBase58();

  it('recognises the shape', () => {
    expect(isInjectedSolana(legacyProvider(keypair, false))).toBe(true);
    expect(isInjectedSolana({ connect: () => undefined })).toBe(false);
    expect(isInjectedSolana(null)).toBe(false);
  });

  it('connects; a silent connect the wallet refuses gives no account', async () => {
    expect(await wrapInjected(legacyProvider(keypair, false) as unknown as InjectedSolana, 'Phantom').connect({ silent: true })).toEqual(
      [],
    );
    const provider = wrapInjected(legacyProvider(keypair, true) as unknown as InjectedSolana, 'Phantom');
    expect(await provider.connect({ silent: true })).toEqual([address]);
    expect(await provider.connect({ silent: false })).toEqual([address]);
  });

  it('signs messages and transactions, and signs and sends, through web3.js objects', async () => {
    const provider = wrapInjected(legacyProvider(keypair, true) as unknown as InjectedSolana, 'Phantom');
    const message = new TextEncoder().encode('hi');
    expect(ed25519Verify(await provider.signMessage(address, message), message, keypair.publicKey.toBytes())).toBe(true);
    const signed = VersionedTransaction.deserialize(
      await provider.signTransaction(address, unsigned(keypair.publicKey), 'solana:localnet'),
    );
    expect(ed25519Verify(signed.signatures[0] as Uint8Array, signed.message.serialize(), keypair.publicKey.toBytes())).toBe(true);
    const signature = await provider.signAndSendTransaction?.(address, unsigned(keypair.publicKey), 'solana:localnet', {
      skipPreflight: true,
    });
    expect(signature).toHaveLength(64);
  });

  it("follows 'accountChanged' and 'disconnect', and stops", async () => {
    const legacy = legacyProvider(keypair, true);
    const provider = wrapInjected(legacy as unknown as InjectedSolana, 'Phantom');
    const seen: string[][] = [];
    const stop = provider.onAccountsChanged((a) => seen.push(a));
    const other = Keypair.generate().publicKey;
    legacy.emit('accountChanged', other);
    legacy.emit('accountChanged', null);
    await provider.disconnect();
    stop();
    legacy.emit('accountChanged', other);
    expect(seen).toEqual([[other.toBase58()], [], []]);
  });

  it('a malformed reply is a typed error', async () => {
    const legacy = {
      ...legacyProvider(keypair, true),
      signMessage: async () => ({ signature: 'nope' }),
      signAndSendTransaction: async () => ({ signature: 'short' }),
    };
    const provider = wrapInjected(legacy as unknown as InjectedSolana, 'Phantom');
    await expect(provider.signMessage(address, Uint8Array.of(1))).rejects.toMatchObject({ code: 'MALFORMED_REPLY' });
    await expect(provider.signAndSendTransaction?.(address, unsigned(keypair.publicKey), 'solana:localnet')).rejects.toMatchObject({
      code: 'MALFORMED_REPLY',
    });
  });
});
