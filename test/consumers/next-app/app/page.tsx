'use client';
import { useConnection, useDisconnect } from 'wagmi';
import { W3Button, useW3Account } from 'w3kit/react';

export default function Home() {
  const connection = useConnection();
  const account = useW3Account();
  const { disconnect } = useDisconnect();
  return (
    <main>
      <h1>w3kit in the App Router</h1>
      <W3Button />
      <p>
        wagmi: <output id="wagmi-status">{connection.status}</output> <output id="wagmi-address">{connection.address ?? ''}</output>
      </p>
      <p>
        w3kit: <output id="w3-status">{account.status}</output> <output id="w3-address">{account.address ?? ''}</output>
      </p>
      <button type="button" onClick={() => disconnect()}>
        Disconnect with wagmi
      </button>
    </main>
  );
}
