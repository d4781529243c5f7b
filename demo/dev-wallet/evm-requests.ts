/** What the Dev Wallet's prompt shows for an EVM request (connect, sign, typed data, send, add network). */
import { formatEther } from 'viem';
import { describeMessage, type TestWallet } from '../../test/fixtures/eip1193-wallet.js';
import { short, type Described, type Row } from './prompt.js';

function toBigInt(value: unknown): bigint {
  try {
    return value === undefined || value === null ? 0n : BigInt(value as string);
  } catch {
    return 0n;
  }
}

export function describeEvmRequest(wallet: TestWallet, method: string, params: unknown): Described {
  const list = Array.isArray(params) ? params : [];
  const network: Row = ['Network', `chain ${wallet.chainId}`];
  switch (method) {
    case 'eth_requestAccounts':
    case 'wallet_requestPermissions':
      return { title: 'Connect to this site?', rows: [['Account', wallet.account], network] };
    case 'personal_sign':
      return {
        title: 'Sign message',
        rows: [['Account', String(list[1])], network],
        block: { label: 'Message', text: short(describeMessage(list[0])) },
      };
    case 'eth_signTypedData_v3':
    case 'eth_signTypedData_v4': {
      let typed: { primaryType?: string; domain?: { name?: string; chainId?: unknown }; message?: unknown } = {};
      try {
        typed = typeof list[1] === 'string' ? JSON.parse(list[1]) : (list[1] as typeof typed);
      } catch {
        /* shown raw */
      }
      const rows: Row[] = [['Account', String(list[0])], network];
      if (typed.domain?.name) rows.push(['Domain', String(typed.domain.name)]);
      if (typed.domain?.chainId !== undefined) rows.push(['Chain', String(typed.domain.chainId)]);
      if (typed.primaryType) rows.push(['Type', typed.primaryType]);
      return { title: 'Sign typed data', rows, block: { label: 'Message', text: short(typed.message ?? list[1]) } };
    }
    case 'eth_sendTransaction':
    case 'eth_signTransaction': {
      const tx = (list[0] ?? {}) as Record<string, unknown>;
      const data = (tx.data ?? tx.input) as string | undefined;
      const rows: Row[] = [
        ['From', String(tx.from ?? wallet.account)],
        ['To', tx.to ? String(tx.to) : 'New contract'],
        ['Value', `${formatEther(toBigInt(tx.value))} ETH`],
        network,
      ];
      if (data && data !== '0x') rows.push(['Data', `${(data.length - 2) / 2} bytes`]);
      if (tx.gas) rows.push(['Gas limit', toBigInt(tx.gas).toString()]);
      return { title: method === 'eth_sendTransaction' ? 'Send transaction' : 'Sign transaction', rows };
    }
    case 'wallet_addEthereumChain': {
      const p = (list[0] ?? {}) as {
        chainId?: string;
        chainName?: string;
        rpcUrls?: string[];
        nativeCurrency?: { symbol?: string; decimals?: number };
      };
      return {
        title: 'Add network',
        rows: [
          ['Name', String(p.chainName)],
          ['Chain ID', p.chainId ? toBigInt(p.chainId).toString() : '?'],
          ['RPC', String(p.rpcUrls?.[0])],
          ['Currency', `${p.nativeCurrency?.symbol ?? '?'} (${p.nativeCurrency?.decimals ?? '?'} decimals)`],
        ],
      };
    }
    default:
      return { title: method, rows: [network], block: { label: 'Params', text: short(params ?? []) } };
  }
}
