/**
 * Shapes of the WooCommerce/WordPress-style API (see the API contract).
 * Shared by several features, hence not inside one of them.
 * Money fields are decimal strings with two places ("129.99"), or "" when unset.
 */

export type Currency = 'EUR' | 'USD';
export type StockStatus = 'instock' | 'onbackorder' | 'outofstock';
export type Backorders = 'no' | 'notify' | 'yes';

export interface Rendered {
  rendered: string;
}

export interface WpImage {
  id?: number;
  src: string;
  alt?: string;
  width?: number;
  height?: number;
}

export interface Term {
  id: number;
  name: string;
  slug: string;
}

export interface ProductAcf {
  availability?: string | null;
  hide_product?: boolean | null;
  short_description?: string | null;
  special_notice?: { text?: string; background_colour?: string; text_colour?: string } | null;
  buttonText?: string | null;
  showConfiguratorLink?: boolean | null;
  configuratorLink?: string | null;
  show_both_configure_and_buy?: boolean | null;
  recommended_products?: number[] | null;
  recommended_products_discount?: number | string | null;
  [key: string]: unknown;
}

export interface ProductAttribute {
  id?: number;
  name: string;
  options?: string[];
  option?: string;
  variation?: boolean;
  visible?: boolean;
}

/** Price and stock fields shared by products and variations. */
export interface Priced {
  price: string;
  regular_price: string;
  sale_price: string;
  price_usd?: string | null;
  regular_price_usd?: string | null;
  sale_price_usd?: string | null;
  on_sale?: boolean;
  stock_status: StockStatus | 'error';
  stock_quantity?: number | null;
  manage_stock?: boolean | 'parent';
  backorders?: Backorders;
}

export interface Product extends Priced {
  id: number;
  name: string;
  slug: string;
  permalink?: string;
  type?: string;
  status?: string;
  sku?: string;
  variations?: number[];
  attributes?: ProductAttribute[];
  categories?: Term[];
  tags?: Term[];
  images?: WpImage[];
  meta_data?: { key: string; value: unknown }[];
  cross_sell_ids?: number[];
  /** WooCommerce upsells: the linked products (other versions) offered on the product page. */
  upsell_ids?: number[];
  isConfigurable?: boolean;
  configurations?: unknown;
  filters?: number[];
  acf?: ProductAcf | null;
  short_description?: string;
  description?: string;
}

export interface Variation extends Priced {
  id: number;
  parent_id?: number;
  sku?: string;
  attributes?: { name: string; option: string }[];
  image?: { src?: string; alt?: string } | null;
  colour_swatch_id?: number | null;
}

export interface ColourSwatch {
  id: number;
  name?: string;
  colour: string;
}

/** A content block: `acf_fc_layout` names its layout, the rest are its fields. */
export interface Block {
  acf_fc_layout: string;
  [field: string]: unknown;
}

export interface WpPage {
  id: number;
  slug: string;
  title: Rendered;
  content: Rendered;
  parent?: number;
  acf?: {
    content?: Block[] | null;
    promos?: Block[] | null;
    hero?: Block[] | null;
    [key: string]: unknown;
  } | null;
}

export interface WpPost {
  id: number;
  slug: string;
  date: string;
  title: Rendered;
  content: Rendered;
  excerpt: Rendered;
  categories?: number[];
  featured_image?: unknown;
}

export interface ProductCategory {
  id: number;
  name: string;
  slug: string;
  parent?: number;
  description?: string;
  acf?: {
    hero?: Block[] | null;
    header_content?: Block[] | null;
    footer_content?: Block[] | null;
    groups?: { tag: Term | null; description?: string | null }[] | null;
  } | null;
}

export interface MenuItem {
  id: number;
  title: string;
  url: string;
  slug?: string;
  parent: number | string;
  position?: number;
  in_menu?: boolean;
  parent_link?: 'first' | 'last' | null;
}

export interface Menu {
  id: number;
  name: string;
  slug: string;
  items: MenuItem[];
}

export interface Country {
  code: string;
  name: string;
  currency: Currency;
  is_eu?: boolean;
}
