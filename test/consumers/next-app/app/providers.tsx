'use client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { WagmiProvider, type State } from 'wagmi';
import { createW3Modal } from 'w3kit';
import { getWagmiAdapter, localChain } from './config';

// The modal is a browser thing: created once, on the client, when this module first loads there.
if (typeof window !== 'undefined') {
  const modal = createW3Modal({
    networks: [localChain()],
    adapters: [getWagmiAdapter()],
    metadata: { name: 'Next consumer', description: 'w3kit in the App Router', url: window.location.origin, icons: [] },
  });
  Object.assign(window, { modal });
}

export function Providers({ children, initialState }: { children: ReactNode; initialState: State | undefined }) {
  // Per request on the server, the page's one adapter in the browser.
  const [adapter] = useState(getWagmiAdapter);
  const [queryClient] = useState(() => new QueryClient());
  return (
    <WagmiProvider config={adapter.wagmiConfig} initialState={initialState}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  );
}
