/**
 * Catalogue facts for the cart rules, derived from the WooCommerce product JSON the page already
 * has, the way services/cart/catalog_adapter.py derives them from the catalogue rows. Price strings
 * are parsed to integer cents digit by digit (never through a float).
 */
import type { Product, Variation } from '@/types/api';
import type { CartCurrency, ChoiceFacts, CountryFacts, LegacyConfigurationEntry, ProductFacts } from '../types';

const DECIMAL = /^([+-])?(\d+)?(?:\.(\d*))?$/;

/**
 * A decimal money string to minor units, rounding half up to the cent (services/shared/money
 * .to_minor); null for empty or non-numeric text. Numbers (from JSON) go through their text.
 */
export function parseMinor(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = (typeof value === 'number' ? String(value) : value).trim().replace(/_/g, '');
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  let cents = Number(whole || '0') * 100 + Number((fraction + '00').slice(0, 2));
  const rest = fraction.slice(2);
  // ROUND_HALF_UP on the magnitude: .xx5 and above rounds away from zero.
  if (rest !== '' && Number(rest[0]) >= 5) cents += 1;
  return sign === '-' ? -cents : cents;
}

/** A configurator extra price: non-numeric counts as 0, never negative (docs/spec.md section 5). */
export function lenientMinor(value: string | number | null | undefined): number {
  return Math.max(0, parseMinor(value === null || value === undefined || value === '' ? '0' : value) ?? 0);
}

/** Tax rate text ("19.0000", "8.1") to hundredths of a percent (1900, 810). */
export function rateBp(rate: string | number | null | undefined): number {
  return Math.max(0, parseMinor(rate ?? '0') ?? 0);
}

interface ConfigurationJson {
  is_choice?: boolean;
  layer_id?: string | number | null;
  choice_id?: string | number | null;
  name?: string | null;
  layer_name?: string | null;
  extra_price?: string | number | null;
  extra_price_usd?: string | number | null;
  stock_status?: string | null;
  has_backorder?: boolean | null;
}

/** Configurator choices keyed "layer_id:choice_id" (catalog_adapter.product `choices`). */
export function choiceFacts(configurations: unknown): Record<string, ChoiceFacts> {
  const choices: Record<string, ChoiceFacts> = {};
  if (!Array.isArray(configurations)) return choices;
  for (const raw of configurations as ConfigurationJson[]) {
    if (!raw || !raw.is_choice || raw.choice_id === null || raw.choice_id === undefined || raw.choice_id === '') continue;
    const layerId = String(raw.layer_id ?? '');
    const choiceId = String(raw.choice_id);
    choices[`${layerId}:${choiceId}`] = {
      layer_id: layerId,
      choice_id: choiceId,
      name: raw.name ?? '',
      layer_name: raw.layer_name ?? '',
      extra_eur: lenientMinor(raw.extra_price),
      // `extra_price_usd or extra_price`: an empty USD extra falls back to the EUR text.
      extra_usd: lenientMinor(raw.extra_price_usd || raw.extra_price),
      stock_status: raw.stock_status ?? 'instock',
      has_backorder: Boolean(raw.has_backorder),
    };
  }
  return choices;
}

const recommendedPrice = (product: Product, currency: CartCurrency): number | null => {
  const extra = product as Product & { use_recommended_products_price?: boolean; recommended_products_price?: string; recommended_products_price_usd?: string };
  if (!extra.use_recommended_products_price) return null;
  return parseMinor(currency === 'EUR' ? extra.recommended_products_price : extra.recommended_products_price_usd);
};

/**
 * Facts for a product, or for one of its variations (prices, stock and sku of the variation;
 * name, type, availability, recommendations and configurator choices of the product).
 */
export function productFacts(product: Product, variation: Variation | null = null): ProductFacts {
  const source = variation ?? product;
  const acf = product.acf ?? {};
  const discount = Number(acf.recommended_products_discount ?? 0);
  return {
    product_id: product.id,
    variation_id: variation ? variation.id : null,
    sku: (variation ? variation.sku || product.sku : product.sku) || null,
    name: product.name,
    image: (variation?.image?.src || null) ?? product.images?.[0]?.src ?? null,
    published: true,
    product_type: product.type ?? 'simple',
    availability: typeof acf.availability === 'string' ? acf.availability : null,
    eur: { regular: parseMinor(source.regular_price) ?? 0, sale: parseMinor(source.sale_price) },
    usd: { regular: parseMinor(source.regular_price_usd) ?? 0, sale: parseMinor(source.sale_price_usd) },
    stock_status: source.stock_status,
    stock_quantity: typeof source.stock_quantity === 'number' ? source.stock_quantity : null,
    manage_stock: source.manage_stock === true,
    backorders: source.backorders ?? 'no',
    variation_ids: [...(product.variations ?? [])],
    variation_label: variation ? (variation.attributes ?? []).map((a) => a.option ?? '').join(', ') : '',
    recommended_product_ids: [...(acf.recommended_products ?? [])],
    recommended_discount: Number.isFinite(discount) ? Math.trunc(discount) : 0,
    recommended_discount_active: Boolean(acf.activate_recommended_products_discount),
    recommended_price_eur: recommendedPrice(product, 'EUR'),
    recommended_price_usd: recommendedPrice(product, 'USD'),
    choices: choiceFacts(product.configurations),
  };
}

/** Configuration keys "layer_id:choice_id" of chosen configurator entries (or keys already). */
export function configurationKeys(configuration: readonly (string | LegacyConfigurationEntry)[] | null | undefined): string[] | null {
  if (!configuration || configuration.length === 0) return null;
  const keys = configuration.flatMap((entry) => {
    if (typeof entry === 'string') return [entry];
    if (entry && entry.layer_id !== undefined && entry.choice_id !== undefined && entry.choice_id !== null) return [`${entry.layer_id}:${entry.choice_id}`];
    return [];
  });
  return keys.length > 0 ? keys : null;
}

export interface TaxRateJson {
  id?: number;
  country: string;
  rate: string;
  name: string;
  priority?: number;
}

/**
 * A shipping country with its currency and its first (highest priority) tax rate, as
 * catalog_adapter.country does.
 */
export function countryFacts(country: { code: string; name: string; currency: string }, taxes: readonly TaxRateJson[]): CountryFacts {
  const tax = taxes
    .filter((t) => t.country === country.code)
    .sort((a, b) => (a.priority ?? 1) - (b.priority ?? 1) || (a.id ?? 0) - (b.id ?? 0))[0];
  return {
    code: country.code,
    name: country.name,
    currency: country.currency === 'USD' ? 'USD' : 'EUR',
    tax_name: tax ? tax.name : '',
    tax_rate_bp: tax ? rateBp(tax.rate) : 0,
  };
}

/** The key of a product's facts in the store's cache. */
export const factsKey = (productId: number, variationId: number | null | undefined) => `${productId}:${variationId ?? ''}`;
