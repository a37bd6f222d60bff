/**
 * The visitor's shipping country and the currency it sets (docs/spec.md section 4). DE/EUR until the
 * visitor chooses or the IP guess (GET /api/location, docs/spec.md section 3 "Location") lands; a choice always
 * wins over a guess. Persisted under "country" (version 2).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_COUNTRY } from '@/config/site';
import { CURRENCY_SYMBOL } from '@/lib/money';
import type { Country, Currency } from '../types';

/** Where the country came from: the default, the IP guess, or the visitor's own choice. */
export type CountrySource = 'default' | 'location' | 'user';

type CountryChoice = Pick<Country, 'code' | 'currency'> & { name?: string };

export interface CountryState {
  code: string;
  name: string | null;
  currency: Currency;
  source: CountrySource;
  /** The visitor picks a country (selector): sets country and currency. */
  setCountry: (country: CountryChoice) => void;
  /** The IP guess: taken only while nothing was chosen or guessed before. */
  guessCountry: (country: CountryChoice) => void;
}

const currencyOf = (currency: string): Currency => (currency === 'USD' ? 'USD' : 'EUR');

/** Version 1 saved only after a choice (zustand writes on set, never on load): a choice. */
export function migrateCountry(persisted: unknown, version: number): Partial<CountryState> {
  const saved = (persisted ?? {}) as Partial<CountryState>;
  if (version < 2) return { ...saved, source: 'user' };
  return saved;
}

export function createCountryStore() {
  return create<CountryState>()(
    persist(
      (set, get) => ({
        code: DEFAULT_COUNTRY.code,
        name: null,
        currency: DEFAULT_COUNTRY.currency,
        source: 'default',
        setCountry: ({ code, currency, name }) => set({ code, currency: currencyOf(currency), name: name ?? null, source: 'user' }),
        guessCountry: ({ code, currency, name }) => {
          if (get().source !== 'default') return;
          set({ code, currency: currencyOf(currency), name: name ?? null, source: 'location' });
        },
      }),
      {
        name: 'country',
        version: 2,
        storage: createJSONStorage(() => localStorage),
        partialize: ({ code, name, currency, source }) => ({ code, name, currency, source }),
        migrate: (persisted, version) => migrateCountry(persisted, version) as CountryState,
      },
    ),
  );
}

export const useCountryStore = createCountryStore();

/** The configurator's money symbol for the chosen currency (docs/spec.md section 4 "Country selection"). */
export const selectMoneySymbol = (state: Pick<CountryState, 'currency'>) => CURRENCY_SYMBOL[state.currency];
