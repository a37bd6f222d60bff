/**
 * Client-only product lists of the cart state (docs/spec.md section 3): cross-sell, previous, variation,
 * added, recommended and linked products. Not sent to the server; not persisted.
 */
import type { StateCreator } from 'zustand';
import type { Product } from '@/types/api';
import type { CartState } from './cartStore';

export interface RecommendedProductData {
  price: { eur: number | null; usd: number | null };
  recommendedBy: number;
  useDiscount: boolean;
}

export interface ListsSlice {
  crossSellProducts: Product[];
  previousProducts: Product[];
  /** Groups keyed by variation_for. */
  variationProducts: Record<string, Product[]>;
  productAddedToCart: Product | null;
  recommendedProducts: Product[];
  /** Keyed prod_{id}. */
  recommendedProductsData: Record<string, RecommendedProductData>;
  linkedConfigurableProduct: Product | null;
  setCrossSellProducts: (products: Product[]) => void;
  setPreviousProducts: (products: Product[]) => void;
  setVariationProducts: (variationFor: string, products: Product[]) => void;
  setProductAddedToCart: (product: Product | null) => void;
  setRecommendedProducts: (products: Product[]) => void;
  setRecommendedProductData: (productId: number, data: RecommendedProductData) => void;
  setLinkedConfigurableProduct: (product: Product | null) => void;
}

export const createListsSlice: StateCreator<CartState, [], [], ListsSlice> = (set) => ({
  crossSellProducts: [],
  previousProducts: [],
  variationProducts: {},
  productAddedToCart: null,
  recommendedProducts: [],
  recommendedProductsData: {},
  linkedConfigurableProduct: null,
  setCrossSellProducts: (crossSellProducts) => set({ crossSellProducts }),
  setPreviousProducts: (previousProducts) => set({ previousProducts }),
  setVariationProducts: (variationFor, products) => set((s) => ({ variationProducts: { ...s.variationProducts, [variationFor]: products } })),
  setProductAddedToCart: (productAddedToCart) => set({ productAddedToCart }),
  setRecommendedProducts: (recommendedProducts) => set({ recommendedProducts }),
  setRecommendedProductData: (productId, data) => set((s) => ({ recommendedProductsData: { ...s.recommendedProductsData, [`prod_${productId}`]: data } })),
  setLinkedConfigurableProduct: (linkedConfigurableProduct) => set({ linkedConfigurableProduct }),
});
