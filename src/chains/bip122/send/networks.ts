/**
 * The Bitcoin networks a send knows: their address prefixes (bech32 HRP, base58 version bytes)
 * in @scure/btc-signer's shape, and their CAIP-2 ids (`bip122:` and the genesis hash's first 32
 * hex digits). Testnet and signet share their prefixes, so an address names one family for both.
 */
export type BitcoinNet = 'mainnet' | 'testnet' | 'signet' | 'regtest';
export const BITCOIN_NETS: readonly BitcoinNet[] = ['mainnet', 'testnet', 'signet', 'regtest'];

export interface BtcNetworkParams {
  bech32: string;
  pubKeyHash: number;
  scriptHash: number;
  wif: number;
}

const MAIN: BtcNetworkParams = { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 };
const TEST: BtcNetworkParams = { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };

export const NET_PARAMS: Record<BitcoinNet, BtcNetworkParams> = {
  mainnet: MAIN,
  testnet: TEST,
  signet: TEST,
  regtest: { ...TEST, bech32: 'bcrt' },
};

/** How a refusal names a network. */
export const NET_NAMES: Record<BitcoinNet, string> = {
  mainnet: 'Bitcoin mainnet',
  testnet: 'Bitcoin testnet',
  signet: 'Bitcoin signet',
  regtest: 'Bitcoin regtest',
};

const CAIP2: Record<string, BitcoinNet> = {
  'bip122:000000000019d6689c085ae165831e93': 'mainnet',
  'bip122:000000000933ea01ad0ee984209779ba': 'testnet',
  'bip122:00000008819873e925422c1ff0f99f7c': 'signet',
  'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': 'regtest',
};

/** The network of a CAIP-2 id, or undefined for one this module does not know. */
export const netOfCaip2 = (caipNetworkId: string): BitcoinNet | undefined =>
  Object.prototype.hasOwnProperty.call(CAIP2, caipNetworkId) ? CAIP2[caipNetworkId] : undefined;
