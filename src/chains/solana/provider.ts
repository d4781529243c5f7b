/**
 * What the Solana adapter speaks to: one shape for every kind of Solana wallet. Wallet Standard
 * wallets, injected `window.solana`-style providers and WalletConnect sessions (and later the
 * embedded wallet) are each wrapped into it. `getWalletProvider('solana')` returns it.
 *
 * Addresses are base58 strings; messages, transactions and signatures are bytes. `chain` is the
 * Wallet Standard chain name (`solana:mainnet`, `solana:devnet`, `solana:testnet`,
 * `solana:localnet`). Errors are thrown as the wallet gave them; the adapter types them.
 */
export interface SolanaSendOptions {
  skipPreflight?: boolean;
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized' | 'recent' | 'single' | 'singleGossip' | 'root' | 'max';
  maxRetries?: number;
  minContextSlot?: number;
}

export interface SolanaProvider {
  /** The wallet's name, as shown in Connect. */
  readonly name: string;
  /** Asks for accounts (a prompt unless `silent`); silent resolves to [] when the wallet has not authorised the page. */
  connect(options: { silent: boolean }): Promise<string[]>;
  /** Tells the wallet the page is done with it. */
  disconnect(): Promise<void>;
  /** ed25519 signature over the message's bytes (64 bytes). */
  signMessage(address: string, message: Uint8Array): Promise<Uint8Array>;
  /** Signs a serialized transaction; resolves to the signed serialized transaction. */
  signTransaction(address: string, transaction: Uint8Array, chain: string): Promise<Uint8Array>;
  /** Signs and sends (when the wallet can); resolves to the signature's bytes. */
  signAndSendTransaction?(address: string, transaction: Uint8Array, chain: string, options?: SolanaSendOptions): Promise<Uint8Array>;
  /** Follows the wallet's account changes (an empty list: the page is disconnected); returns a function that stops. */
  onAccountsChanged(listener: (accounts: string[]) => void): () => void;
}
