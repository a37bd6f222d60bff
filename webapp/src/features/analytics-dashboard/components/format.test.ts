import { formatCount, formatDelta, formatMoney, formatShare, formatTime } from './format';
import { byCountryRows, byDayRows, currenciesOf } from './revenueData';
import { dashboard } from '../testing';

describe('dashboard figures as text (docs/spec.md section 2.15)', () => {
  it('writes money from minor units with its currency', () => {
    expect(formatMoney(35_998, 'EUR')).toBe('€359.98');
    expect(formatMoney(123_456_789, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(-5, 'EUR')).toBe('-€0.05');
    expect(formatMoney(100_050, 'GBP')).toBe('1,000.50 GBP');
  });

  it('writes counts, signed deltas and shares', () => {
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect([formatDelta(26), formatDelta(-5), formatDelta(0)]).toEqual(['+26', '−5', '0']);
    expect([formatShare(3, 12), formatShare(0, 0)]).toEqual(['25%', '–']);
    expect(formatTime('2026-11-25T09:30:12Z')).toBe('2026-11-25 09:30 UTC');
  });

  it('keeps one series per currency: a day or a country never adds EUR to USD', () => {
    const { revenue } = dashboard('2026-11-01', '2026-11-02');
    const currencies = currenciesOf(revenue);
    expect(currencies).toEqual(['EUR', 'USD']);
    expect(byDayRows(revenue, ['2026-11-01', '2026-11-02'], currencies)).toEqual([
      { day: '2026-11-01', EUR: 35_998, USD: 13_999 },
      { day: '2026-11-02', EUR: 0, USD: 0 },
    ]);
    expect(byCountryRows(revenue, currencies)).toEqual([
      { country: 'DE', EUR: 25_998, USD: 0 },
      { country: 'FR', EUR: 10_000, USD: 0 },
      { country: 'US', EUR: 0, USD: 13_999 },
    ]);
  });
});
