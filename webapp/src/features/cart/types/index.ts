import type { Currency, Product, Variation } from '@/types/api';

/** One chosen option of a configurable product (spec section 3 "Configuration entry"). */
export interface ConfigurationEntry {
  is_choice?: boolean;
  layer_id?: number | string;
  choice_id?: number | string;
  angle_id?: number | string;
  image?: string;
  name?: string;
  layer_name?: string;
  extra_price?: string | number | null;
  has_backorder?: boolean;
}

/** What is saved in local storage under "cart" (spec section 3). */
export interface PersistedLine {
  id: number;
  variationId: number | null;
  count: number;
  configuration: ConfigurationEntry[] | null;
}

/** A cart line in memory: the persisted fields plus the catalogue data once loaded. */
export interface CartLine extends PersistedLine {
  key: string;
  product?: Product;
  variation?: Variation | null;
}

export interface CartCountry {
  code: string;
  name?: string;
  currency: Currency;
}

export type CartCommand =
  | { type: 'add'; product: Product; variation?: Variation | null; configuration?: ConfigurationEntry[] | null }
  | { type: 'set_count'; key: string; count: number }
  | { type: 'remove'; key: string }
  | { type: 'clear' };
