/**
 * What the Bitcoin adapter speaks to: one shape for every kind of Bitcoin wallet (Wallet Standard
 * wallets now; WalletConnect sessions later). `getWalletProvider('bip122')` returns it.
 *
 * Addresses are strings: the wallet's accounts in its order (the payment address first when it
 * gives one, an ordinals address after it); messages, PSBTs and signatures are bytes. `chain` is
 * the Wallet Standard chain name (`bitcoin:mainnet`, `bitcoin:regtest`, ...). Errors are thrown as
 * the wallet gave them; the adapter types them.
 */
export interface BitcoinInputsToSign {
  /** The account that signs. */
  address: string;
  /** The PSBT's input indexes it signs. */
  indexes: number[];
}

export interface BitcoinProvider {
  /** The wallet's name, as shown in Connect. */
  readonly name: string;
  /** Asks for the payment and ordinals accounts (a prompt unless `silent`); silent resolves to the accounts already authorised, else []. */
  connect(options: { silent: boolean }): Promise<string[]>;
  /** Tells the wallet the page is done with it. */
  disconnect(): Promise<void>;
  /** The wallet's BIP-322 signature over the message's bytes (the "simple" signature: the serialized witness). */
  signMessage(address: string, message: Uint8Array): Promise<Uint8Array>;
  /** Signs the inputs of a PSBT; resolves to the signed PSBT. */
  signPsbt(psbt: Uint8Array, inputs: BitcoinInputsToSign[], chain: string | undefined): Promise<Uint8Array>;
  /** Follows the wallet's account changes (an empty list: the page is disconnected); returns a function that stops. */
  onAccountsChanged(listener: (accounts: string[]) => void): () => void;
}
