/** Public API of the catalog feature. */
export { CategoryProducts } from './components/CategoryProducts';
export { ProductGrid } from './components/ProductGrid';
export { ProductView } from './components/ProductView';
export { BuyButton } from './components/BuyButton';
export { buyButtonState } from './components/buyButtonState';
export { groupProducts } from './hooks/groupProducts';
export { getCategoryBySlug, getCategoryProducts, getProductBySlug, getVariations, getColourSwatches } from './api/catalog';
