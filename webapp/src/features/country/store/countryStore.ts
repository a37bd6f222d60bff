/** The visitor's shipping country and the currency it sets (spec section 4). Default DE/EUR until the IP lookup lands. */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_COUNTRY } from '@/config/site';
import type { Country, Currency } from '../types';

export interface CountryState {
  code: string;
  name: string | null;
  currency: Currency;
  setCountry: (country: Pick<Country, 'code' | 'currency'> & { name?: string }) => void;
}

export function createCountryStore() {
  return create<CountryState>()(
    persist(
      (set) => ({
        code: DEFAULT_COUNTRY.code,
        name: null,
        currency: DEFAULT_COUNTRY.currency,
        setCountry: ({ code, currency, name }) => set({ code, currency: currency === 'USD' ? 'USD' : 'EUR', name: name ?? null }),
      }),
      {
        name: 'country',
        version: 1,
        storage: createJSONStorage(() => localStorage),
        partialize: ({ code, name, currency }) => ({ code, name, currency }),
      },
    ),
  );
}

export const useCountryStore = createCountryStore();
