/**
 * Series colours of the charts, for the site's dark surfaces (contrast ≥ 3:1 against them, so a
 * legend's coloured text stays readable): one per currency, and the funnel's steps.
 */
export const CURRENCY_COLOR: Record<string, string> = { EUR: '#60a5fa', USD: '#fbbf24' };
export const OTHER_COLOR = '#c084fc';
export const STEP_COLOR = '#2dd4bf';

export const currencyColor = (currency: string) => CURRENCY_COLOR[currency] ?? OTHER_COLOR;
