import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { cookieToInitialState } from 'w3kit/wagmi';
import { getWagmiAdapter } from './config';
import { Providers } from './providers';

export const metadata = { title: 'w3kit in Next.js' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Per request: this visitor's cookie, never another's.
  const initialState = cookieToInitialState(getWagmiAdapter().wagmiConfig, (await headers()).get('cookie'));
  return (
    <html lang="en">
      <body>
        <Providers initialState={initialState}>{children}</Providers>
      </body>
    </html>
  );
}
