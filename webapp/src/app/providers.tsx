import type { ReactNode } from 'react';

/** App-wide providers. The cart syncs with the server from the root layout (useCartSync). */
export function AppProviders({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
