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
