/**
 * Money in integer cents. Prices arrive as decimal strings ("129.99"); they
 * are parsed digit by digit, never through floating point.
 * docs/spec.md section 9: precision 2, decimal '.', thousands ','.
 */
import type { Currency, Priced } from '@/types/api';

export type Cents = number;

const DECIMAL = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/;

/** "129.99" -> 12999; "5" -> 500; "0.5" -> 50; "" / null / junk -> null. Extra decimals are rounded half up. */
export function toCents(value: string | number | null | undefined): Cents | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? numberToText(value) : value;
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const padded = (fraction + '000').slice(0, 3);
  let cents = Number(whole || '0') * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return sign ? -cents : cents;
}

function numberToText(value: number): string {
  // Only used for numbers that come from JSON (e.g. 12.5); toFixed(3) keeps enough digits to round.
  return Number.isFinite(value) ? value.toFixed(3) : '';
}

export const CURRENCY_SYMBOL: Record<Currency, string> = { EUR: '€', USD: '$' };

/** 123456 -> "€1,234.56" */
export function formatCents(cents: Cents, currency: Currency): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${CURRENCY_SYMBOL[currency]}${whole}.${fraction}`;
}

export interface PriceInfo {
  /** What the shopper pays per unit. */
  price: Cents;
  /** The regular price, when the item is on sale and it is higher than `price`. */
  regular: Cents | null;
  onSale: boolean;
}

/**
 * The unit price of a product or variation in the visitor's currency.
 * EUR reads price/regular_price/sale_price, USD the *_usd fields.
 * docs/spec.md section 5: a USD price of 0 or less is set to 1.
 */
export function priceOf(item: Priced, currency: Currency): PriceInfo {
  const usd = currency === 'USD';
  const rawPrice = toCents(usd ? item.price_usd : item.price);
  const regular = toCents(usd ? item.regular_price_usd : item.regular_price);
  const sale = toCents(usd ? item.sale_price_usd : item.sale_price);

  let price = rawPrice ?? regular ?? 0;
  const saleApplies = sale !== null && regular !== null && sale < regular && item.on_sale !== false;
  if (saleApplies) price = sale;
  if (usd && price <= 0) price = 100;
  const onSale = saleApplies && regular !== null && regular > price;
  return { price, regular: onSale ? regular : null, onSale };
}

/** Sum of cents; integers only. */
export function sumCents(values: Cents[]): Cents {
  return values.reduce((total, value) => total + value, 0);
}

/** A tax rate in hundredths of a percent for display: 1900 -> "19", 810 -> "8.1", 725 -> "7.25". */
export function formatRate(rateBp: number): string {
  const whole = Math.trunc(rateBp / 100);
  const fraction = String(rateBp % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * The included-tax line's label (docs/spec.md section 9 "Tax lines"): ("VAT", 1900) -> "incl. 19% VAT",
 * a nameless tax "incl. 10% tax"; null for a zero rate, which shows no tax line at all.
 */
export function taxLabel(name: string | null | undefined, rateBp: number): string | null {
  if (!(rateBp > 0)) return null;
  return `incl. ${formatRate(rateBp)}% ${name?.trim() || 'tax'}`;
}

/**
 * A whole amount without its cents, for promises and thresholds: 15000 USD -> "$150", 9950 EUR ->
 * "€99.50" (cents stay when there are any).
 */
export function formatWholeCents(cents: Cents, currency: Currency): string {
  const full = formatCents(cents, currency);
  return cents % 100 === 0 ? full.slice(0, -3) : full;
}
