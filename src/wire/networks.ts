import type { CaipNetworkId, ChainNamespace } from './caip-ids.js';

export interface NativeCurrency {
  name: string;
  symbol: string;
  decimals: number;
}

/** A viem chain object plus CAIP fields (DESIGN.md). */
export interface Network {
  id: number | string;
  caipNetworkId: CaipNetworkId;
  chainNamespace: ChainNamespace;
  name: string;
  nativeCurrency: NativeCurrency;
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } } & Record<
    string,
    { http: readonly string[]; webSocket?: readonly string[] }
  >;
  blockExplorers?: { default: { name: string; url: string } } & Record<string, { name: string; url: string }>;
  testnet?: boolean;
  /** Optional icon URL (https or data:image); without one a generated badge is shown. */
  iconUrl?: string;
  /** The dApp's image of this network (https or data:image): shown before any other. */
  imageUrl?: string;
  /**
   * The image id of its mark in the backend's catalog (`/public/getAssetImage/<icon>`, a CAIP-2 id);
   * each preset names its own. Without a backend the presets' marks come from a lazy chunk.
   */
  icon?: string;
}

const ETH: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 };
const SOL: NativeCurrency = { name: 'Solana', symbol: 'SOL', decimals: 9 };
const BTC: NativeCurrency = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 };

/**
 * The genesis hash the local SVM (`w3kit-server svm`) reports, whatever its data folder holds,
 * so `solanaLocal` has one fixed CAIP id. Solana CAIP-2 references are the genesis hash's first
 * 32 characters.
 */
export const LOCAL_SVM_GENESIS_HASH = '9RBqoiFs7cLT5bbZ4bKGEFZgvmojsDxMrar1tfpMVxk7';

/**
 * A preset: every namespace's builder below writes its networks through this one, so a preset
 * costs the first chunk little more than its own values (ids, names, URLs).
 */
function preset(
  namespace: ChainNamespace,
  id: number | string,
  name: string,
  nativeCurrency: NativeCurrency,
  rpc: string,
  explorer: [string, string] | undefined,
  extra: Partial<Network>,
): Network {
  const caipNetworkId: CaipNetworkId = `${namespace}:${id}`;
  return {
    id,
    caipNetworkId,
    chainNamespace: namespace,
    name,
    nativeCurrency,
    rpcUrls: { default: { http: [rpc] } },
    ...(explorer ? { blockExplorers: { default: { name: explorer[0], url: explorer[1] } } } : {}),
    icon: caipNetworkId,
    ...extra,
  };
}

/** A Solana network: the CAIP-2 reference is the genesis hash's first 32 characters. */
function svm(
  genesisPrefix: string,
  name: string,
  rpc: string,
  ws: string | undefined,
  explorer: string | undefined,
  testnet: boolean,
): Network {
  return preset('solana', genesisPrefix, name, SOL, rpc, explorer ? ['Solscan', explorer] : undefined, {
    ...(ws ? { rpcUrls: { default: { http: [rpc], webSocket: [ws] } } } : {}),
    ...(testnet ? { testnet } : {}),
  });
}

/**
 * A Bitcoin network: the CAIP-2 reference is the genesis block hash's first 32 hex characters
 * (CAIP-4); `rpcUrls.default.http[0]` is its Esplora HTTP API, read directly when the modal has
 * no Blockchain API: mempool.space's (`mempool` is the path of the network there: '', '/testnet',
 * '/signet'), or the local regtest chain's without one.
 */
function btc(genesisPrefix: string, name: string, mempool?: string): Network {
  const site = `https://mempool.space${mempool}`;
  const local = mempool === undefined;
  return preset(
    'bip122',
    genesisPrefix,
    name,
    BTC,
    local ? 'http://127.0.0.1:18443' : `${site}/api`,
    local ? undefined : ['mempool.space', site],
    local || mempool ? { testnet: true } : {},
  );
}

const evm = (id: number, name: string, rpc: string, explorer: [string, string] | undefined, extra: Partial<Network> = {}): Network =>
  preset('eip155', id, name, ETH, rpc, explorer, extra);

/** Network presets keyed by camelCase name (DESIGN.md). */
export const networks = {
  mainnet: evm(1, 'Ethereum', 'https://eth.merkle.io', ['Etherscan', 'https://etherscan.io']),
  sepolia: evm(11155111, 'Sepolia', 'https://sepolia.drpc.org', ['Etherscan', 'https://sepolia.etherscan.io'], { testnet: true }),
  holesky: evm(17000, 'Holesky', 'https://ethereum-holesky-rpc.publicnode.com', ['Etherscan', 'https://holesky.etherscan.io'], {
    testnet: true,
  }),
  polygon: evm(137, 'Polygon', 'https://polygon-rpc.com', ['PolygonScan', 'https://polygonscan.com'], {
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  }),
  polygonAmoy: evm(80002, 'Polygon Amoy', 'https://rpc-amoy.polygon.technology', ['PolygonScan', 'https://amoy.polygonscan.com'], {
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    testnet: true,
  }),
  arbitrum: evm(42161, 'Arbitrum One', 'https://arb1.arbitrum.io/rpc', ['Arbiscan', 'https://arbiscan.io']),
  arbitrumSepolia: evm(421614, 'Arbitrum Sepolia', 'https://sepolia-rollup.arbitrum.io/rpc', ['Arbiscan', 'https://sepolia.arbiscan.io'], {
    testnet: true,
  }),
  optimism: evm(10, 'OP Mainnet', 'https://mainnet.optimism.io', ['Optimism Explorer', 'https://optimistic.etherscan.io']),
  optimismSepolia: evm(11155420, 'OP Sepolia', 'https://sepolia.optimism.io', ['Blockscout', 'https://optimism-sepolia.blockscout.com'], {
    testnet: true,
  }),
  base: evm(8453, 'Base', 'https://mainnet.base.org', ['Basescan', 'https://basescan.org']),
  baseSepolia: evm(84532, 'Base Sepolia', 'https://sepolia.base.org', ['Basescan', 'https://sepolia.basescan.org'], { testnet: true }),
  bsc: evm(56, 'BNB Smart Chain', 'https://56.rpc.thirdweb.com', ['BscScan', 'https://bscscan.com'], {
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  }),
  avalanche: evm(43114, 'Avalanche', 'https://api.avax.network/ext/bc/C/rpc', ['SnowTrace', 'https://snowtrace.io'], {
    nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
  }),
  gnosis: evm(100, 'Gnosis', 'https://rpc.gnosischain.com', ['Gnosisscan', 'https://gnosisscan.io'], {
    nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
  }),
  zksync: evm(324, 'ZKsync Era', 'https://mainnet.era.zksync.io', ['Etherscan', 'https://era.zksync.network']),
  linea: evm(59144, 'Linea Mainnet', 'https://rpc.linea.build', ['Etherscan', 'https://lineascan.build']),
  scroll: evm(534352, 'Scroll', 'https://rpc.scroll.io', ['Scrollscan', 'https://scrollscan.com']),
  celo: evm(42220, 'Celo', 'https://forno.celo.org', ['Celo Explorer', 'https://celoscan.io'], {
    nativeCurrency: { name: 'CELO', symbol: 'CELO', decimals: 18 },
  }),
  mantle: evm(5000, 'Mantle', 'https://rpc.mantle.xyz', ['Mantle Explorer', 'https://mantlescan.xyz'], {
    nativeCurrency: { name: 'MNT', symbol: 'MNT', decimals: 18 },
  }),
  blast: evm(81457, 'Blast', 'https://rpc.blast.io', ['Blastscan', 'https://blastscan.io']),
  zora: evm(7777777, 'Zora', 'https://rpc.zora.energy', ['Explorer', 'https://explorer.zora.energy']),
  aurora: evm(1313161554, 'Aurora', 'https://mainnet.aurora.dev', ['Aurorascan', 'https://aurorascan.dev']),
  localhost: evm(31337, 'Localhost', 'http://127.0.0.1:8545', undefined, { testnet: true }),
  /** The second local Hardhat node (`npm start` runs it, to try switching networks). */
  localhost2: evm(31338, 'Localhost 2', 'http://127.0.0.1:8546', undefined, { testnet: true }),
  solana: svm('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', 'https://api.mainnet-beta.solana.com', undefined, 'https://solscan.io', false),
  solanaDevnet: svm(
    'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    'Solana Devnet',
    'https://api.devnet.solana.com',
    undefined,
    'https://solscan.io',
    true,
  ),
  solanaTestnet: svm(
    '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    'Solana Testnet',
    'https://api.testnet.solana.com',
    undefined,
    'https://solscan.io',
    true,
  ),
  /** The local SVM (`w3kit-server svm`; `npm start` runs it): JSON-RPC on 8899, websocket on 8900. */
  solanaLocal: svm(LOCAL_SVM_GENESIS_HASH.slice(0, 32), 'Solana Local', 'http://127.0.0.1:8899', 'ws://127.0.0.1:8900', undefined, true),
  bitcoin: btc('000000000019d6689c085ae165831e93', 'Bitcoin', ''),
  bitcoinTestnet: btc('000000000933ea01ad0ee984209779ba', 'Bitcoin Testnet', '/testnet'),
  bitcoinSignet: btc('00000008819873e925422c1ff0f99f7c', 'Bitcoin Signet', '/signet'),
  /** The local regtest development chain (`w3kit-server btc`; `npm start` runs it): its Esplora API on 18443. */
  bitcoinRegtest: btc('0f9188f13cb7b2c71f2a335e3a4fc328', 'Bitcoin Regtest'),
} satisfies Record<string, Network>;

export type NetworkPresetName = keyof typeof networks;

const BY_CAIP = new Map<string, Network>(Object.values(networks).map((n) => [n.caipNetworkId, n]));

/** Finds a preset by CAIP-2 id (`eip155:1`). */
export function presetByCaipId(caipNetworkId: string): Network | undefined {
  return BY_CAIP.get(caipNetworkId);
}
