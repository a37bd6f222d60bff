/**
 * Shapes of the WooCommerce/WordPress-style API, as the back end's OpenAPI document states them
 * (webapp/openapi.json -> api.gen.ts, `npm run gen:api`; docs/api.md, "OpenAPI"). The server is
 * the source of truth: change services/catalog/schemas.py and regenerate, never these by hand.
 * Shared by several features, hence not inside one of them.
 * Money fields are decimal strings with two places ("129.99"), or "" when unset.
 */
import type { components } from './api.gen';

/** Every schema of the OpenAPI document, by its name there. */
export type Schemas = components['schemas'];

export type Currency = Schemas['CountryOut']['currency'];
/** The stock states the storefront distinguishes (the server sends them as plain strings). */
export type StockStatus = 'instock' | 'onbackorder' | 'outofstock';
export type Backorders = 'no' | 'notify' | 'yes';

export type Rendered = Schemas['Rendered'];
export type WpImage = Schemas['ProductImageOut'];
/** An image the storefront shows: a product's (WpImage) or one it makes up (a variation's). */
export type ImageRef = Pick<WpImage, 'src'> & Partial<Omit<WpImage, 'src'>>;
export type Term = Schemas['Term'];
export type ProductAcf = Schemas['ProductAcf'];
export type ProductAttribute = Schemas['ProductAttributeOut'];
export type Product = Schemas['ProductOut'];
export type Variation = Schemas['VariationOut'];

/** Price and stock fields shared by products and variations. */
export type Priced = Pick<
  Product & Variation,
  | 'price'
  | 'regular_price'
  | 'sale_price'
  | 'price_usd'
  | 'regular_price_usd'
  | 'sale_price_usd'
  | 'on_sale'
  | 'stock_status'
  | 'stock_quantity'
  | 'manage_stock'
  | 'backorders'
>;

export type ColourSwatch = Schemas['SwatchOut'];
/** A content block: `acf_fc_layout` names its layout, the rest are its fields. */
export type Block = Schemas['Block'];
export type WpPage = Schemas['PageOut'];
export type WpPost = Schemas['PostOut'];
export type NewsItem = Schemas['NewsItemOut'];
export type ProductCategory = Schemas['CategoryOut'];
export type MenuItem = Schemas['MenuItemOut'];
export type Menu = Schemas['MenuOut'];
/** GET /api/company: the seller (docs/spec.md section 2.16). */
export type Company = Schemas['CompanyOut'];
/** GET /api/checkout/payment-methods: a payment method the shop accepts. */
export type PaymentMethodInfo = Schemas['PaymentMethodOut'];
export type Country = Schemas['CountryOut'];
export type FilterTerm = Schemas['FilterOut'];
export type TaxRate = Schemas['TaxRateOut'];
