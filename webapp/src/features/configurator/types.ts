/**
 * The configurator's JSON shapes (docs/spec.md section 2.13), written by hand to match the HTTP
 * contract of `GET /api/configurator/{product_id}` and `POST /api/configurator/{product_id}/quote`
 * (services/configurator). Snake case on purpose: these are the API's field names. Money: integer
 * minor units (cents) in EUR and USD.
 */

export type StockStatus = 'instock' | 'onbackorder' | 'outofstock';
export type RuleEffect = 'hide' | 'disable' | 'require' | 'select';
/** The add button's state (docs/spec.md section 4, "Configurator add button"). */
export type AddButton = 'add' | 'preorder' | 'unavailable' | 'coming_soon';

/** A view of the product; `use_in_cart` marks the angle the cart's thumbnail is drawn from. */
export interface AngleData {
  id: string;
  name: string;
  use_in_cart: boolean;
}

/** A group of choices, in menu order; `stack` orders its images in the viewer (higher on top). */
export interface LayerData {
  id: string;
  name: string;
  description: string;
  required: boolean;
  multiple: boolean;
  min_choices: number;
  /** 0 = no upper bound (multiple layers only). */
  max_choices: number;
  default_choice_id: string | null;
  stack: number;
}

/** A choice's picture for one angle; `z` adds to its layer's `stack`. */
export interface ChoiceImageData {
  angle_id: string;
  url: string;
  z: number;
}

/** One option of a layer; `key` is "layer_id:choice_id"; extras in minor units. */
export interface ChoiceData {
  id: string;
  layer_id: string;
  key: string;
  name: string;
  description: string;
  colour: string;
  sku_part: string;
  extra_eur: number;
  extra_usd: number;
  stock_status: StockStatus;
  has_backorder: boolean;
  coming_soon: boolean;
  thumbnail: string;
  alt: string;
  images: ChoiceImageData[];
}

/** "When every key of `when` is selected, `effect` applies to `targets`", with the shopper's reason. */
export interface RuleData {
  id: string;
  when: string[];
  effect: RuleEffect;
  targets: string[];
  reason: string;
}

/** `GET /api/configurator/{product_id}`: a product's configurator at one version. */
export interface ConfiguratorData {
  product_id: number;
  version: number;
  name: string;
  base_sku: string;
  /** The product's current unit price (sale price when on sale), minor units. */
  base_eur: number;
  base_usd: number;
  coming_soon: boolean;
  welcome: { text: string; background_image: string } | null;
  warning: string;
  special_layer_id: string | null;
  angles: AngleData[];
  layers: LayerData[];
  choices: ChoiceData[];
  rules: RuleData[];
  defaults: string[];
}

/** Why a configuration cannot be bought (code stable, message shown to the shopper). */
export interface ConfigProblem {
  code: string;
  message: string;
  layer_id: string | null;
  choice_id: string | null;
}

/** `POST /api/configurator/{product_id}/quote`: the server's verdict on a configuration. */
export interface Quote {
  ok: boolean;
  problems: ConfigProblem[];
  eur: number;
  usd: number;
  skus: string[];
  hash: string;
  button: AddButton;
  button_label: string;
  preorder: boolean;
}
