/** Series colours of the charts: one per currency, and the funnel's steps (contrast ≥ 3:1 on white). */
export const CURRENCY_COLOR: Record<string, string> = { EUR: '#1d4ed8', USD: '#b45309' };
export const OTHER_COLOR = '#6b21a8';
export const STEP_COLOR = '#0f766e';
export const REMOVED_COLOR = '#b91c1c';

export const currencyColor = (currency: string) => CURRENCY_COLOR[currency] ?? OTHER_COLOR;
