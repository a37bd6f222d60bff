/**
 * Complete API objects for tests: the generated types (src/types/api.ts) name every field the
 * server sends, so test data starts from these defaults and overrides what the test is about.
 */
import type { Country, MenuItem, ProductAcf, WpImage } from '@/types/api';

/** A product's `acf` as the server sends it for a product with nothing set. */
export const productAcf = (fields: Partial<ProductAcf> = {}): ProductAcf => ({
  availability: null,
  hide_product: false,
  image_front: null,
  image_back: null,
  images: [],
  configuration_image: null,
  short_description: '',
  info_field: null,
  colour_variations: null,
  special_notice: null,
  show_both_configure_and_buy: false,
  showConfiguratorLink: false,
  configuratorLink: null,
  buttonText: null,
  btn_fade: null,
  configurator_modal: null,
  recommended_products: [],
  recommended_products_discount: 0,
  recommended_products_title: null,
  activate_recommended_products_discount: false,
  recommended_products_text_area: null,
  category_connection: null,
  hero: [],
  content: [],
  ...fields,
});

let nextImageId = 1;
/** A gallery image (a fresh id unless given). */
export const image = (fields: Partial<WpImage> & Pick<WpImage, 'src'>): WpImage => ({
  id: nextImageId++,
  alt: '',
  width: null,
  height: null,
  ...fields,
});

/** A menu item; `slug` defaults to "". */
export const menuItem = (fields: Omit<MenuItem, 'slug'> & Partial<Pick<MenuItem, 'slug'>>): MenuItem => ({
  slug: '',
  ...fields,
});

/** A country table row; `is_eu` defaults to whether the currency is EUR. */
export const country = (fields: Omit<Country, 'is_eu'> & Partial<Pick<Country, 'is_eu'>>): Country => ({
  is_eu: fields.currency === 'EUR',
  ...fields,
});

/** `T` with every field, at every depth, optional: test data naming only what a test is about. */
export type DeepPartial<T> = T extends (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/**
 * Test data as an API type: the fields a test does not name are absent (the code under test
 * must not depend on them). Prefer the complete builders above where a test reads a field.
 */
export const fixture = <T>(value: DeepPartial<T>): T => value as unknown as T;
