/**
 * The currency prices are shown in, provided once by the app (from the chosen
 * shipping country) for shared code and features that cannot import the
 * country feature (content blocks listing products).
 */
import { createContext, useContext } from 'react';
import type { Currency } from '@/types/api';

export const CurrencyContext = createContext<Currency>('EUR');

export const useDisplayCurrency = (): Currency => useContext(CurrencyContext);
