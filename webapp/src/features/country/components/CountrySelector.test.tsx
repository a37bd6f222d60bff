import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCountryStore } from '../store/countryStore';
import type { Country } from '../types';
import { CountrySelector } from './CountrySelector';

const countries: Country[] = [
  { code: 'DE', name: 'Germany', currency: 'EUR', is_eu: true },
  { code: 'US', name: 'United States', currency: 'USD', is_eu: false },
];

describe('CountrySelector', () => {
  beforeEach(() => useCountryStore.setState({ code: 'DE', name: null, currency: 'EUR', source: 'default' }));

  it('defaults to Germany (EUR) and switching to the United States sets USD', async () => {
    render(<CountrySelector countries={countries} />);
    const select = screen.getByLabelText('Shipping country');
    expect(select).toHaveValue('DE');
    await userEvent.selectOptions(select, 'US');
    expect(useCountryStore.getState()).toMatchObject({ code: 'US', currency: 'USD' });
    expect((JSON.parse(localStorage.getItem('country') ?? '{}') as { state: unknown }).state).toEqual({ code: 'US', name: 'United States', currency: 'USD', source: 'user' });
  });

  it('still shows the current country before the list loads', () => {
    render(<CountrySelector countries={[]} />);
    expect(screen.getByLabelText('Shipping country')).toHaveValue('DE');
  });
});
