/**
 * The accounts the local chain knows beyond its built-in programs and sysvars: every account a
 * transaction touched (litesvm cannot list its accounts), so they can be saved and restored,
 * and the token accounts of each owner, for getTokenAccountsByOwner.
 */
import { PublicKey } from '@solana/web3.js';
import type { LiteSVM } from 'litesvm';
import { readMint, readTokenAccount, TOKEN_PROGRAMS, type TokenAccount } from './tokens.js';

export interface StoredAccount {
  lamports: bigint;
  owner: string;
  data: Uint8Array;
  executable: boolean;
  rentEpoch: bigint;
}

const SYSVAR_OWNER = 'Sysvar1111111111111111111111111111111111111';
const MAX_RENT_EPOCH = 18446744073709549568n;

export class Ledger {
  /** Every account seen in a transaction (base58). */
  private readonly known = new Set<string>();
  /** Token accounts by owner, and each token account's owner (an owner can change). */
  private readonly tokenAccounts = new Map<string, Set<string>>();
  private readonly tokenOwner = new Map<string, string>();

  constructor(private readonly svm: LiteSVM) {}

  get(address: string): StoredAccount | undefined {
    const info = this.svm.getAccount(new PublicKey(address));
    if (!info) return undefined;
    return {
      lamports: BigInt(info.lamports),
      owner: info.owner.toBase58(),
      data: info.data,
      executable: info.executable,
      rentEpoch: BigInt(info.rentEpoch ?? 0),
    };
  }

  set(address: string, account: StoredAccount): void {
    this.svm.setAccount(new PublicKey(address), {
      lamports: Number(account.lamports),
      owner: new PublicKey(account.owner),
      data: account.data,
      executable: account.executable,
      // litesvm takes numbers here: the largest one below 2^64 stands for u64::MAX (rent exempt).
      rentEpoch: Number(account.rentEpoch > MAX_RENT_EPOCH ? MAX_RENT_EPOCH : account.rentEpoch),
    });
    this.touched([address]);
  }

  /** Notes accounts a transaction (or a restore) wrote, re-reading their token state. */
  touched(addresses: Iterable<string>): void {
    for (const address of addresses) {
      const account = this.get(address);
      if (!account || account.executable || account.owner === SYSVAR_OWNER) {
        this.known.delete(address);
        this.dropTokenAccount(address);
        continue;
      }
      this.known.add(address);
      const token = TOKEN_PROGRAMS.has(account.owner) ? readTokenAccount(account.data) : undefined;
      if (!token) {
        this.dropTokenAccount(address);
        continue;
      }
      const previous = this.tokenOwner.get(address);
      if (previous !== token.owner) {
        this.dropTokenAccount(address);
        this.tokenOwner.set(address, token.owner);
        let set = this.tokenAccounts.get(token.owner);
        if (!set) this.tokenAccounts.set(token.owner, (set = new Set()));
        set.add(address);
      }
    }
  }

  private dropTokenAccount(address: string): void {
    const owner = this.tokenOwner.get(address);
    if (owner === undefined) return;
    this.tokenOwner.delete(address);
    const set = this.tokenAccounts.get(owner);
    set?.delete(address);
    if (set?.size === 0) this.tokenAccounts.delete(owner);
  }

  /** The token accounts of `owner` of one mint or one token program, by address. */
  tokenAccountsOf(
    owner: string,
    filter: { mint?: string; programId?: string },
  ): { address: string; account: StoredAccount; token: TokenAccount }[] {
    const out = [];
    for (const address of [...(this.tokenAccounts.get(owner) ?? [])].sort()) {
      const account = this.get(address);
      const token = account && TOKEN_PROGRAMS.has(account.owner) ? readTokenAccount(account.data) : undefined;
      if (!account || !token || token.owner !== owner) continue;
      if (filter.mint !== undefined && token.mint !== filter.mint) continue;
      if (filter.programId !== undefined && account.owner !== filter.programId) continue;
      out.push({ address, account, token });
    }
    return out;
  }

  /** The decimals of a mint, when it is one. */
  decimalsOf(mint: string): number | undefined {
    let account: StoredAccount | undefined;
    try {
      account = this.get(mint);
    } catch {
      return undefined;
    }
    return account && TOKEN_PROGRAMS.has(account.owner) ? readMint(account.data)?.decimals : undefined;
  }

  /** Every known account as it is now, for saving. */
  entries(): [string, StoredAccount][] {
    const out: [string, StoredAccount][] = [];
    for (const address of this.known) {
      const account = this.get(address);
      if (account) out.push([address, account]);
    }
    return out;
  }
}
