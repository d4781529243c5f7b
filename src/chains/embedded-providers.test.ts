import { ed25519 } from '@noble/curves/ed25519';
import { privateKeyToAccount } from 'viem/accounts';
import { hexToString, verifyMessage } from 'viem';
import { describe, expect, it } from 'vitest';
import { EmbeddedWalletError } from '../core/errors/frame.js';
import { UserRejectedRequestError } from '../core/errors.js';
import type { FramePayload, FrameRequestType, FrameResult } from '../frame/messages.js';
import { networks } from '../wire/networks.js';
import { eip155Adapter } from './eip155/adapter.js';
import { base58Decode, base58Encode, base64Decode, base64Encode } from './solana/walletconnect-codec.js';
import { createAuthEip155Provider } from './eip155/embedded-provider.js';
import type { ApprovalTask, FrameRequester } from '../adapters/auth/frame-rpc.js';
import { createAuthSolanaProvider } from './solana/embedded-provider.js';

const evm = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const solSecret = new Uint8Array(32).fill(7);
const solAddress = base58Encode(ed25519.getPublicKey(solSecret));

/** A frame that signs with real keys, as the frame site does (a test double, not the site). */
function signingFrame(log: { type: string; payload: unknown }[] = [], refuse = false): FrameRequester {
  const answer = async (type: FrameRequestType, payload: unknown): Promise<unknown> => {
    log.push({ type, payload });
    if (refuse) throw new EmbeddedWalletError('User rejected the request.', { code: 4001 });
    if (type === 'SwitchNetwork') return { chainId: (payload as { chainId: string }).chainId };
    const rpc = payload as FramePayload<'RpcRequest'>;
    const params = rpc.params as Record<string, string> & string[] & { message: string; transaction: string };
    switch (rpc.method) {
      case 'personal_sign':
        return { result: await evm.signMessage({ message: hexToString(params[0] as `0x${string}`) }) };
      case 'solana_signMessage':
        return { result: { signature: base58Encode(ed25519.sign(base58Decode(params.message)!, solSecret)) } };
      case 'solana_signTransaction':
        return { result: { transaction: base64Encode(new Uint8Array([...base64Decode(params.transaction)!, 1])) } };
      case 'solana_signAndSendTransaction':
        return { result: { signature: 'not base58 0OIl' } };
      default:
        return { result: '0x1' };
    }
  };
  return { request: answer as <T extends FrameRequestType>(t: T, p: FramePayload<T>) => Promise<FrameResult<T>> };
}

describe('embedded eip155 provider', () => {
  it('answers accounts and chain from the user, and signs through the frame with approval around it', async () => {
    const log: { type: string; payload: unknown }[] = [];
    const tasks: string[] = [];
    const onApproval = (task: ApprovalTask) => {
      tasks.push(`open ${task.namespace} ${task.method}`);
      return () => tasks.push('closed');
    };
    const provider = createAuthEip155Provider({ frame: signingFrame(log), address: evm.address, chainId: 'eip155:10', onApproval });
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([evm.address]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa');
    const signature = (await eip155Adapter.signMessage(provider, evm.address, 'hello', networks.optimism)) as `0x${string}`;
    expect(await verifyMessage({ address: evm.address, message: 'hello', signature })).toBe(true);
    expect(tasks).toEqual(['open eip155 personal_sign', 'closed']);
    // A safe method goes to the frame without an approval.
    await provider.request({ method: 'eth_blockNumber' });
    expect(tasks).toHaveLength(2);
    expect(log.at(-1)).toEqual({ type: 'RpcRequest', payload: { namespace: 'eip155', chainId: 'eip155:10', method: 'eth_blockNumber' } });
  });

  it('switches through SwitchNetwork and emits chainChanged', async () => {
    const provider = createAuthEip155Provider({ frame: signingFrame(), address: evm.address, chainId: 'eip155:1' });
    const changes: unknown[] = [];
    provider.on('chainChanged', (id) => changes.push(id));
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] });
    expect(provider.chainId).toBe('eip155:137');
    expect(changes).toEqual(['0x89']);
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 'polygon' }] })).rejects.toThrow(
      'wallet_switchEthereumChain expects',
    );
  });

  it("types the frame's refusal (4001) and closes the approval", async () => {
    let closed = false;
    const provider = createAuthEip155Provider({
      frame: signingFrame([], true),
      address: evm.address,
      chainId: 'eip155:1',
      onApproval: () => () => (closed = true),
    });
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{}] })).rejects.toBeInstanceOf(UserRejectedRequestError);
    expect(closed).toBe(true);
  });

  it('emits accountsChanged and disconnect', () => {
    const provider = createAuthEip155Provider({ frame: signingFrame(), address: evm.address, chainId: 'eip155:1' });
    const seen: unknown[] = [];
    provider.on('accountsChanged', (a) => seen.push(a));
    provider.on('disconnect', () => seen.push('disconnect'));
    provider.setAccount(undefined);
    provider.emitDisconnect();
    expect(seen).toEqual([[], 'disconnect']);
  });
});

describe('embedded solana provider', () => {
  const chainId = () => 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';

  it('connects to the user address (none when logged out)', async () => {
    const provider = createAuthSolanaProvider({ frame: signingFrame(), address: solAddress, chainId });
    expect(await provider.connect({ silent: true })).toEqual([solAddress]);
    provider.setAccount(undefined);
    expect(await provider.connect({ silent: false })).toEqual([]);
  });

  it('signs a message (verified with the public key) and a transaction, naming the CAIP chain', async () => {
    const log: { type: string; payload: unknown }[] = [];
    const provider = createAuthSolanaProvider({ frame: signingFrame(log), address: solAddress, chainId });
    const message = new TextEncoder().encode('hello solana');
    const signature = await provider.signMessage(solAddress, message);
    expect(ed25519.verify(signature, message, base58Decode(solAddress)!)).toBe(true);
    expect(log[0]?.payload).toMatchObject({ method: 'solana_signMessage', params: { pubkey: solAddress }, chainId: chainId() });
    const signed = await provider.signTransaction(solAddress, new Uint8Array([9, 9]), 'solana:devnet');
    expect([...signed]).toEqual([9, 9, 1]);
    expect(log[1]?.payload).toMatchObject({ chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', params: { transaction: 'CQk=' } });
  });

  it('refuses a malformed reply naming the method', async () => {
    const provider = createAuthSolanaProvider({ frame: signingFrame(), address: solAddress, chainId });
    await expect(provider.signAndSendTransaction!(solAddress, new Uint8Array([1]), 'solana:devnet')).rejects.toThrow(
      'Malformed solana_signAndSendTransaction reply',
    );
  });
});
