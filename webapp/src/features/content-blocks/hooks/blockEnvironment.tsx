/**
 * What blocks need from the app without importing other features: the shown
 * currency (product prices in related/trending blocks; from the app-wide
 * CurrencyContext unless given here) and, when the app knows it, whether the
 * viewer is staff (anchor menu offset).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useDisplayCurrency } from '@/lib/currencyContext';
import type { Currency } from '@/types/api';

export interface BlockEnvironment {
  currency?: Currency;
  /** Undefined: the blocks check /is-admin and /is-reviewer themselves. */
  staffViewer?: boolean;
}

const Environment = createContext<BlockEnvironment>({});

export function ContentBlocksProvider({ currency, staffViewer, children }: BlockEnvironment & { children: ReactNode }) {
  return <Environment.Provider value={{ currency, staffViewer }}>{children}</Environment.Provider>;
}

export function useBlockEnvironment(): Required<Pick<BlockEnvironment, 'currency'>> & BlockEnvironment {
  const environment = useContext(Environment);
  const currency = useDisplayCurrency();
  return { ...environment, currency: environment.currency ?? currency };
}
