/** Public API of the search feature (docs/spec.md sections 2, 5 and 7). */
export { SearchPage } from './components/SearchPage';
export { searchHeadline } from './components/searchHeadline';
export { useProductSearch, SEARCH_DEBOUNCE_MS } from './hooks/useProductSearch';
export type { ProductSearch, SearchFn } from './hooks/useProductSearch';
export { searchProducts, searchProductIds, getProductsInOrder } from './api/searchProducts';
export { SearchCombobox } from './components/SearchCombobox';
export type { SearchComboboxProps } from './components/SearchCombobox';
export { useSuggestions } from './hooks/useSuggestions';
export type { SuggestFn } from './hooks/useSuggestions';
export { getSuggestions } from './api/getSuggestions';
export type { Suggestions, SuggestedProduct, SuggestedTerm } from './api/getSuggestions';
