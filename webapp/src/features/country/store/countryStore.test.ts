import { CURRENCY_SYMBOL } from '@/lib/money';
import { createCountryStore, migrateCountry, selectMoneySymbol } from './countryStore';

describe('country store', () => {
  it('starts at Germany (EUR) and takes the IP guess while nothing was chosen', () => {
    const store = createCountryStore();
    expect(store.getState()).toMatchObject({ code: 'DE', currency: 'EUR', source: 'default' });
    store.getState().guessCountry({ code: 'US', currency: 'USD', name: 'United States' });
    expect(store.getState()).toMatchObject({ code: 'US', currency: 'USD', source: 'location' });
    expect(JSON.parse(localStorage.getItem('country')!)).toEqual({ state: { code: 'US', name: 'United States', currency: 'USD', source: 'location' }, version: 2 });
  });

  it("a visitor's choice wins over any later guess", () => {
    const store = createCountryStore();
    store.getState().setCountry({ code: 'FR', currency: 'EUR', name: 'France' });
    store.getState().guessCountry({ code: 'US', currency: 'USD', name: 'United States' });
    expect(store.getState()).toMatchObject({ code: 'FR', currency: 'EUR', source: 'user' });
  });

  it('a second guess does not replace the first (the country was already set once)', () => {
    const store = createCountryStore();
    store.getState().guessCountry({ code: 'AT', currency: 'EUR' });
    store.getState().guessCountry({ code: 'US', currency: 'USD' });
    expect(store.getState().code).toBe('AT');
  });

  it('a version 1 saved country was a choice (version 1 saved only on a choice)', () => {
    expect(migrateCountry({ code: 'US', name: 'United States', currency: 'USD' }, 1)).toEqual({ code: 'US', name: 'United States', currency: 'USD', source: 'user' });
    localStorage.setItem('country', JSON.stringify({ state: { code: 'US', name: 'United States', currency: 'USD' }, version: 1 }));
    const store = createCountryStore();
    expect(store.getState()).toMatchObject({ code: 'US', currency: 'USD', source: 'user' });
    store.getState().guessCountry({ code: 'DE', currency: 'EUR' });
    expect(store.getState().code).toBe('US');
  });

  it('the money symbol follows the currency (configurator, docs/spec.md section 4)', () => {
    expect(selectMoneySymbol({ currency: 'EUR' })).toBe(CURRENCY_SYMBOL.EUR);
    expect(selectMoneySymbol({ currency: 'USD' })).toBe('$');
  });
});
