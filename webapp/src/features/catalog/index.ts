/** Public API of the catalog feature. */
export { CategoryProducts, EMPTY_FILTER_TEXT } from './components/CategoryProducts';
export { ProductGrid } from './components/ProductGrid';
export { ProductView } from './components/ProductView';
export { BuyButton } from './components/BuyButton';
export { buyButtonState } from './components/buyButtonState';
export { groupProducts } from './hooks/groupProducts';
export { recommendationsInStock, recommendedPrice } from './hooks/recommended';
export { getCategoryBySlug, getCategoryProducts, getProductBySlug, getVariations, getColourSwatches, getFilters, getProductsByIds } from './api/catalog';
export { categoryPageLoader, categoryShouldRevalidate, productPageLoader, CATEGORY_ORDERS, ORDER_PARAM, orderFromUrl } from './api/loaders';
export type { CategoryPageData, CategoryOrder, ProductPageData } from './api/loaders';
export type { FilterTerm } from './types';
