// The wagmi budget's app: the README's wagmi example with the baseline's hook.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { useAccount, WagmiProvider } from 'wagmi';
import { createW3Modal, networks, W3Button } from 'w3kit/react';
import { W3WagmiAdapter } from 'w3kit/wagmi';

const appNetworks = [networks.mainnet, networks.base];
const wagmiAdapter = new W3WagmiAdapter({ networks: appNetworks });
createW3Modal({ networks: appNetworks, adapters: [wagmiAdapter] });
const queryClient = new QueryClient();
function Account() {
  const { address } = useAccount();
  return <p>{address ?? 'not connected'}</p>;
}
createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <W3Button />
      <Account />
    </QueryClientProvider>
  </WagmiProvider>,
);
