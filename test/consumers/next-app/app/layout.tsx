import { headers } from 'next/headers';
import { Suspense, type ReactNode } from 'react';
import { cookieToInitialState } from 'w3kit/wagmi';
import { getWagmiAdapter } from './config';
import { Providers } from './providers';
import './globals.css';

export const metadata = { title: 'w3kit in Next.js' };

/** Reads this request's cookie (request data: only inside <Suspense> with Cache Components). */
async function CookieProviders({ children }: { children: ReactNode }) {
  // Per request: this visitor's cookie, never another's.
  const initialState = cookieToInitialState(getWagmiAdapter().wagmiConfig, (await headers()).get('cookie'));
  return <Providers initialState={initialState}>{children}</Providers>;
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Suspense>
          <CookieProviders>{children}</CookieProviders>
        </Suspense>
      </body>
    </html>
  );
}
