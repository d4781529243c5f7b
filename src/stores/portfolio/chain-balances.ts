/**
 * Token balances read from the chain itself, for a namespace whose adapter can (Solana), when no
 * Blockchain API is configured: the native coin first, then each token with a balance, in the
 * Blockchain API's shape. The chain knows no names or prices: a token is named by its short
 * address and has no fiat value.
 */
import { loadAdapter } from '../../chains/registry.js';
import { truncateAddress } from '../../core/address.js';
import { formatUnits } from '../../core/format.js';
import type { TokenBalance } from '../../wire/blockchain-api.js';
import type { Network } from '../../wire/networks.js';

export async function readChainBalances(network: Network, address: string): Promise<TokenBalance[]> {
  const adapter = await loadAdapter(network.chainNamespace);
  if (!adapter?.readTokenBalances) return [];
  const [native, tokens] = await Promise.all([adapter.readNativeBalance(network, address), adapter.readTokenBalances(network, address)]);
  const coin = network.nativeCurrency;
  const list: TokenBalance[] = [
    {
      name: coin.name,
      symbol: coin.symbol,
      chainId: network.caipNetworkId,
      value: 0,
      price: 0,
      quantity: { decimals: String(coin.decimals), numeric: native },
      iconUrl: '',
    },
  ];
  for (const t of tokens) {
    if (t.decimals === 0 || BigInt(t.amount) === 0n) continue;
    const short = truncateAddress(t.address, 4, 4);
    list.push({
      name: short,
      symbol: short,
      chainId: network.caipNetworkId,
      address: `${network.caipNetworkId}:${t.address}`,
      value: 0,
      price: 0,
      quantity: { decimals: String(t.decimals), numeric: formatUnits(BigInt(t.amount), t.decimals) },
      iconUrl: '',
    });
  }
  return list;
}
