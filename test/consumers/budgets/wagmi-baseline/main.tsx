// The baseline of the wagmi budget: a plain wagmi app (its config, provider and one hook), no w3kit.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { mainnet, base } from 'viem/chains';
import { createConfig, http, injected, useAccount, WagmiProvider } from 'wagmi';

const config = createConfig({ chains: [mainnet, base], connectors: [injected()], transports: { [mainnet.id]: http(), [base.id]: http() } });
const queryClient = new QueryClient();
function Account() {
  const { address } = useAccount();
  return <p>{address ?? 'not connected'}</p>;
}
createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <Account />
    </QueryClientProvider>
  </WagmiProvider>,
);
