import { erc20Abi, type Hash } from 'viem';
import { useAccount, useConnection, useDisconnect, useWaitForTransactionReceipt, useWriteContract } from 'wagmi';
import { W3Button, useW3Account } from 'w3kit/react';
import { env } from './config.ts';

/** Hardhat's dev account 1: the ERC-20 transfer's recipient. */
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function Transfer() {
  const { mutate, data: hash, error, isPending } = useWriteContract();
  const receipt = useWaitForTransactionReceipt({ hash: hash as Hash | undefined });
  return (
    <section>
      <button
        type="button"
        disabled={isPending}
        onClick={() => mutate({ address: env.token, abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 1_000_000n] })}
      >
        Send 1 DUSD
      </button>
      <output id="tx-hash">{hash ?? ''}</output>
      <output id="tx-status">{receipt.data ? `${receipt.data.status} in block ${receipt.data.blockNumber}` : ''}</output>
      <output id="tx-error">{error ? error.message : ''}</output>
    </section>
  );
}

export function App() {
  const connection = useConnection();
  const account = useAccount();
  const modalAccount = useW3Account();
  const { disconnect } = useDisconnect();
  return (
    <main>
      <h1>w3kit + wagmi</h1>
      <W3Button />
      <p>
        wagmi: <output id="wagmi-status">{connection.status}</output> <output id="wagmi-address">{connection.address ?? ''}</output>{' '}
        <output id="wagmi-account">{account.address ?? ''}</output> chain <output id="wagmi-chain">{connection.chainId ?? ''}</output>
      </p>
      <p>
        modal: <output id="modal-address">{modalAccount.address ?? ''}</output>
      </p>
      <button type="button" onClick={() => disconnect()}>
        Disconnect with wagmi
      </button>
      {connection.isConnected ? <Transfer /> : null}
    </main>
  );
}
