/**
 * What a namespace (CAIP-2: eip155, solana, ...) brings to the server, behind one interface
 * (issue 30): the form of its chain ids and addresses, its sign-in (SIWX) checks, the node that
 * answers its balances, and the optional capabilities only some namespaces have (name
 * registrations are EVM only). Routes and repositories iterate the registry (./index.ts) and
 * never name a namespace.
 */
import type { PublicClient } from 'viem';
import type { Caip122Fields } from '../../../src/wire/caip122.js';
import type { FungiblePrice } from '../blockchain/fungibles.js';
import type { HistoryPage } from '../blockchain/history.js';
import type { Indexer } from '../blockchain/indexer.js';
import type { OwnedNft } from '../blockchain/nfts.js';
import type { PriceSource } from '../blockchain/prices.js';
import type { TokenInfoCache } from '../blockchain/token-info-cache.js';
import type { EvmReadsRepository } from '../storage/evm-reads.js';
import type { ImagesRepository } from '../storage/images.js';
import type { NameSignatureCheck } from './eip155/name-signature.js';

/** One balance row of the Blockchain API (`GET /v1/account/{address}/balance`). */
export interface TokenBalance {
  name: string;
  symbol: string;
  chainId: string;
  /** `eip155:31337:0xTOKEN`; absent for the native currency. */
  address?: string;
  value: number;
  price: number;
  quantity: { decimals: string; numeric: string };
  iconUrl: string;
}

/** A parsed sign-in message whose namespace, chain, address and signature have the right form. */
export interface SiwxMessage {
  fields: Caip122Fields;
  namespace: string;
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: string;
  /** As the namespace stores it (eip155: checksummed; solana: as given, base58). */
  address: string;
  /** eip155: the 0x hex signature; solana: its 64 bytes. */
  signature: `0x${string}` | Uint8Array;
  /** solana: the 32-byte public key. */
  publicKey?: Uint8Array;
}

/** The RPC client the backend has for a CAIP-2 chain id, if any (EVM contract accounts ask it). */
export type ChainClients = (chainId: string) => Promise<PublicClient | undefined>;

export interface SignatureContext {
  clients: ChainClients;
  /** Says why a signature was refused when it is not simply someone else's. */
  log(line: string): void;
}

/** Sign in with X on a namespace. */
export interface SiwxCapability {
  /** The account type its CAIP-122 messages name, one word (`Ethereum`: "sign in with your Ethereum account"). */
  readonly accountType: string;
  /** How its chain ids read in a refusal, e.g. `eip155:<1 to 4503599627370476>`. */
  readonly chainForm: string;
  /** A chain id as help texts show it (`eip155:1`). */
  readonly example: string;
  /** Whether a CAIP-2 reference has a form sign-in takes. */
  referenceValid(reference: string): boolean;
  /** Chains taken by default (besides the client's presets and the `--evm-rpc` node's chain). */
  readonly defaultChains: readonly string[];
  /** The address and signature checked for form (an HttpError 400 naming the field otherwise). */
  account(address: string, signature: string): Pick<SiwxMessage, 'address' | 'signature' | 'publicKey'>;
  /** Whether the account signed `text`; throws a 503 when the chain's node does not answer. */
  verify(text: string, message: SiwxMessage, context: SignatureContext): Promise<boolean>;
}

/** Name registrations (server/src/names): only namespaces with this capability take them. */
export interface NamesCapability {
  /** The signature check of a registration's message, over the Blockchain API's node (if any). */
  signatureCheck(indexer: Indexer | undefined, log: (line: string) => void): NameSignatureCheck;
}

/**
 * The reads of the Blockchain API beyond balances: an account's history (activity), the NFTs it
 * holds, and token metadata (name, symbol, icon and USD price: POST /v1/fungible/price). A
 * namespace lists those its node answers in `ServerChain.reads`; the routes refuse the others
 * with words naming the namespace.
 */
export type AccountRead = 'history' | 'nfts' | 'tokens' | 'utxos' | 'fees';

/** Token metadata as a namespace reads it. */
export interface TokenReads {
  /** A token id of the namespace (`native` or a token address), checked; undefined when it is of no form it takes. */
  token(id: string): string | undefined;
  /** The words of a refusal: `must be ...`. */
  readonly rule: string;
}

export interface ChainReads {
  /** A page of the account's transactions on `chainId` (the node's chain), newest first. */
  history(chainId: string, address: string, cursor: string | undefined, tokenIcon: (imageId: string) => string): Promise<HistoryPage>;
  /** The NFTs the account holds on `chainId`. */
  nfts(chainId: string, address: string, tokenIcon: (imageId: string) => string): Promise<OwnedNft[]>;
  /** Name, symbol, icon and price of each token (checked by `TokenReads.token`), in the order asked. */
  tokens(chainId: string, tokens: readonly string[], tokenIcon: (imageId: string) => string): Promise<FungiblePrice[]>;
}

/** An account's unspent outputs and its balance in base units (UTXO chains: GET /v1/account/{address}/utxos). */
export interface UtxoSet {
  chainId: string;
  /** In the chain's smallest unit (sats). */
  confirmed: number;
  /** The mempool's change to it (negative while a spend waits). */
  unconfirmed: number;
  /** USD per coin, and the USD value of confirmed + unconfirmed. */
  price: number;
  value: number;
  utxos: { txid: string; vout: number; value: number; confirmations: number }[];
}

/** Fee rates in the chain's unit per virtual byte (GET /v1/fee-estimates). */
export interface FeeEstimates {
  chainId: string;
  fast: number;
  normal: number;
  slow: number;
  /** Confirmation target in blocks → rate, as the node gives them. */
  targets: Record<string, number>;
}

/** The reads of UTXO chains. */
export interface UtxoReads {
  utxos(chainId: string, address: string): Promise<UtxoSet>;
  fees(chainId: string): Promise<FeeEstimates>;
}

/** The node a namespace's balances are read from, as the server was started. */
export interface ChainNode extends Partial<ChainReads & UtxoReads> {
  readonly namespace: string;
  /** The node's URL as replies show it (its origin only). */
  readonly publicUrl: string;
  /** The chain the node serves; throws an HttpError 503 or an RPC error when it cannot tell. */
  chainId(): Promise<string>;
  /** The chain to list in supported-chains, waited for a bounded time; undefined when unknown. */
  announcedChainId(): Promise<string | undefined>;
  /** The account's balances on `chainId` (the node's chain); `address` is already checked. */
  balances(chainId: string, address: string, tokenIcon: (imageId: string) => string): Promise<TokenBalance[]>;
}

/** What a namespace's node is made from. */
export interface ChainNodeSettings {
  /** The EVM index's reads (either engine). */
  index: EvmReadsRepository;
  /** Where generated token badges are stored. */
  images: ImagesRepository;
  prices: PriceSource;
  /** The EVM index (`--evm-rpc`). */
  indexer: Indexer | undefined;
  /** Node URLs by namespace (`--solana-rpc` is solana's, `--bitcoin-esplora` bip122's). */
  rpcUrls: Readonly<Partial<Record<string, string>>>;
  /** What nodes said of tokens no index knows, shared by the namespaces (bounded). */
  tokenInfo: TokenInfoCache;
  /** Which of a page's transaction hashes are the sandbox on-ramp's payouts (the history's purchases). */
  purchases?: (chainId: string, hashes: readonly string[]) => Promise<Set<string>>;
}

export interface ServerChain {
  readonly namespace: string;
  /** Its CAIP-2 chain ids, anchored (`^eip155:[1-9][0-9]{0,15}$`). */
  readonly chainIdPattern: RegExp;
  /** How its chain ids read in a refusal of the Blockchain API. */
  readonly chainIdForm: string;
  readonly address: {
    pattern: RegExp;
    /** The refusal's words: `must be ...`. */
    rule: string;
    /** The form balances are read and prices stored with (eip155: lower case). */
    normalize(address: string): string;
    /** The form people read (eip155: EIP-55 checksummed). */
    display(address: string): string;
  };
  /** Whether the balances route takes a CAIP-10 account (`<chainId>:<address>`) of the namespace. */
  readonly caip10Balances: boolean;
  /** The refusal when no node serves the namespace. */
  readonly missingNode: string;
  /** Its node, when the server was started with one; it has a method for each of `reads`. */
  node(settings: ChainNodeSettings): ChainNode | undefined;
  /** The reads beyond balances its node answers (none: every such route refuses the namespace). */
  readonly reads: readonly AccountRead[];
  /** The form of its token ids, when it reads tokens. */
  readonly tokens?: TokenReads;
  readonly siwx: SiwxCapability;
  /** Name registrations (EVM only): absent on a namespace that takes none. */
  readonly names?: NamesCapability;
}
