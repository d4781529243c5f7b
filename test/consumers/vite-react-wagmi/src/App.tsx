import { erc20Abi, type Address, type Hash } from 'viem';
import {
  useAccount,
  useBalance,
  useConnection,
  useDisconnect,
  useReadContract,
  useSignMessage,
  useSwitchChain,
  useWaitForTransactionReceipt,
  useWriteContract,
} from 'wagmi';
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

/** Reads, a signature and a chain switch through wagmi's hooks, on the modal's connection. */
function Reads({ address }: { address: Address }) {
  const { mutate: switchChain, error: switchError } = useSwitchChain();
  const balance = useBalance({ address });
  const dusd = useReadContract({ address: env.token, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const { mutate: signMessage, data: signature, error } = useSignMessage();
  return (
    <section>
      <p>
        balance <output id="wagmi-balance">{balance.data ? balance.data.value.toString() : ''}</output> DUSD{' '}
        <output id="wagmi-dusd">{dusd.data === undefined ? '' : dusd.data.toString()}</output>
      </p>
      <button type="button" onClick={() => signMessage({ message: 'hello from wagmi' })}>
        Sign with wagmi
      </button>
      <output id="wagmi-signature">{signature ?? ''}</output>
      <output id="wagmi-sign-error">{error ? error.message : ''}</output>
      <button type="button" onClick={() => switchChain({ chainId: 31338 })}>
        Switch to Chain B with wagmi
      </button>
      <button type="button" onClick={() => switchChain({ chainId: 31337 })}>
        Switch to Localhost with wagmi
      </button>
      <output id="wagmi-switch-error">{switchError ? switchError.message : ''}</output>
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
      {connection.isConnected && connection.address ? <Reads address={connection.address} /> : null}
      {connection.isConnected ? <Transfer /> : null}
    </main>
  );
}
