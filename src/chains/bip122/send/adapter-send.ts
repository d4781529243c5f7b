/**
 * The Bitcoin adapter's sends (WalletSend's transfer, the instance API's `sendTransaction({ to,
 * value })`), its fee estimate and its wait for a block: the PSBT is built here from the
 * account's coins (./send.ts), the wallet signs it (`bitcoin:signTransaction`: the PSBT and the
 * inputs to sign), then it is finalised, broadcast and followed (./follow.ts). The coins and fee
 * estimates come from the Blockchain API when one is configured (./api-reads.ts, with the project
 * id), else from the network's Esplora URL (`rpcUrls.default.http[0]`). Broadcast and follow
 * always use the network's Esplora: the Blockchain API serves reads only (it has no route that
 * posts a transaction), and a transaction is the network's to accept, so the send's own network
 * is asked whether it took it and when it is mined.
 */
import { currentBlockchainApi } from '../../../api/blockchain-api.js';
import type { Network } from '../../../wire/networks.js';
import type { Transfer } from '../../types.js';
import { standardChain } from '../chains.js';
import type { BitcoinProvider } from '../provider.js';
import { askWallet, signError } from '../wallet-errors.js';
import { BitcoinSendError } from './errors.js';
import { createApiReads, type SendReads } from './api-reads.js';
import { createEsploraClient, type EsploraClient } from './esplora.js';
import { FEE_SPEEDS, type FeeSpeed } from './fees.js';
import { followTransaction } from './follow.js';
import { netOfCaip2, type BitcoinNet } from './networks.js';
import { parseInstanceTransaction } from './instance-tx.js';
import { finalizeSigned, fromBase64 } from './psbt.js';
import { broadcast, prepareSend, type PreparedSend } from './send.js';

/** How often the toast's wait asks whether the transaction is in a block. */
export const FOLLOW_INTERVAL_MS = 1000;

const clients = new Map<string, EsploraClient>();

/** The network's Esplora client (one per URL, at most a few networks). */
function clientOf(network: Network): EsploraClient {
  const url = network.rpcUrls.default.http[0];
  if (!url) throw new BitcoinSendError('ESPLORA_UNREACHABLE', `No Esplora URL for ${network.name}`);
  let client = clients.get(url);
  if (!client) {
    if (clients.size >= 8) clients.clear();
    client = createEsploraClient(url);
    clients.set(url, client);
  }
  return client;
}

function netOf(network: Network): BitcoinNet {
  const net = netOfCaip2(network.caipNetworkId);
  if (!net)
    throw new BitcoinSendError('ADDRESS_UNSUPPORTED', `${network.name} (${network.caipNetworkId}) is not a Bitcoin network a send knows`);
  return net;
}

/** Where a send reads its coins and fee estimates: the Blockchain API when configured, else the network's Esplora. */
function readsOf(network: Network): SendReads {
  const api = currentBlockchainApi();
  return api ? createApiReads(api, network.caipNetworkId, lazyEsplora(network)) : clientOf(network);
}

/** The network's Esplora for an unconfirmed coin's inputs (a network without an Esplora URL answers none). */
const lazyEsplora = (network: Network): Pick<EsploraClient, 'txInputs'> => ({
  txInputs: (txid, signal) => clientOf(network).txInputs(txid, signal),
});

const speedOf = (speed: unknown): FeeSpeed => (FEE_SPEEDS.includes(speed as FeeSpeed) ? (speed as FeeSpeed) : 'normal');

const prepare = (network: Network, from: string, to: unknown, value: unknown, speed: unknown): Promise<PreparedSend> =>
  prepareSend({ client: readsOf(network), net: netOf(network), from, to, value, speed: speedOf(speed) });

/** Builds, has the wallet sign, finalises and broadcasts; the txid. */
async function send(provider: BitcoinProvider, from: string, network: Network, to: unknown, value: unknown, speed: unknown) {
  const prepared = await prepare(network, from, to, value, speed);
  const inputs = prepared.inputsToSign.map((i) => ({ address: i.address, indexes: i.signingIndexes }));
  const signed = await askWallet(() => provider.signPsbt(fromBase64(prepared.psbt), inputs, standardChain(network)), signError);
  return broadcast(clientOf(network), finalizeSigned(signed, prepared));
}

/** WalletSend's transfer of BTC (sats); a token is refused (Bitcoin has none here). */
export function sendTransfer(provider: BitcoinProvider, from: string, transfer: Transfer, network: Network): Promise<string> {
  if (transfer.token) return Promise.reject(new BitcoinSendError('ADDRESS_UNSUPPORTED', 'A Bitcoin send carries BTC, not a token'));
  return send(provider, from, network, transfer.to, transfer.amount, transfer.feeSpeed);
}

/** The fee, in sats, of the transfer at its speed (the PSBT is built and dropped: the same coins and outputs as the send). */
export async function estimateTransferFee(network: Network, from: string, transfer: Transfer): Promise<bigint> {
  return (await prepare(network, from, transfer.to, transfer.amount, transfer.feeSpeed)).fee;
}

/**
 * The instance API: `{ to, value }` (value: sats as a bigint, or BTC as a decimal string); the
 * options may name a fee speed: `{ namespace, feeSpeed: 'slow' | 'normal' | 'fast' }`.
 */
export function sendTransaction(
  provider: BitcoinProvider,
  from: string,
  tx: unknown,
  network: Network,
  options?: unknown,
): Promise<string> {
  let parsed;
  try {
    parsed = parseInstanceTransaction(tx);
  } catch (err) {
    return Promise.reject(err);
  }
  const speed = typeof options === 'object' && options !== null ? (options as { feeSpeed?: unknown }).feeSpeed : undefined;
  return send(provider, from, network, parsed.to, parsed.value, speed);
}

/** Until the transaction is in a block ('success'), or 'unknown' after `timeoutMs`; never throws. */
export async function waitForTransaction(network: Network, txid: string, timeoutMs?: number): Promise<'success' | 'unknown'> {
  if (!/^[0-9a-f]{64}$/i.test(txid)) return 'unknown';
  try {
    await followTransaction(clientOf(network), txid.toLowerCase(), { intervalMs: FOLLOW_INTERVAL_MS, timeoutMs: timeoutMs ?? 120_000 });
    return 'success';
  } catch {
    return 'unknown';
  }
}
