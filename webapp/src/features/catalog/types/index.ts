import type { Product, ProductCategory, Term } from '@/types/api';

export type { Product, ProductCategory, Variation, ColourSwatch, Currency } from '@/types/api';

/** Products of one tag group on a category page ('Others' collects the rest). */
export interface ProductGroup {
  key: string;
  title: string | null;
  description: string | null;
  tag: Term | null;
  products: Product[];
}

export interface CategoryData {
  category: ProductCategory;
  products: Product[];
}

export type BuyButtonKind = 'coming_soon' | 'loading' | 'customize' | 'add' | 'preorder' | 'unavailable';

export interface BuyButtonState {
  kind: BuyButtonKind;
  label: string;
  disabled: boolean;
}

/** A filter term as `/api/wc/filters` sends it (docs/spec.md section 3 "Filter"). */
export interface FilterTerm {
  id: number;
  /** 0 at the top level. */
  parent: number;
  name: string;
  slug: string;
  /** A number, or 'last' (after every numbered sibling). */
  order: number | string | null;
  /** The id of the term that must be selected for this one to show; null/0 when none. */
  depends_on: number | null;
  isColour: boolean;
  /** `colour_amount`: 'both' or 'one' as the admin typed it (any string reaches the webapp). */
  colours: { colour_amount: string | null; first_colour: string | null; second_colour: string | null } | null;
}

/** A filter term with its ordered children. */
export interface FilterNode extends FilterTerm {
  children: FilterNode[];
}
