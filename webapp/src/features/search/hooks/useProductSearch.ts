import type { Product } from '@/types/api';
import { searchProducts } from '../api/searchProducts';
import { SEARCH_DEBOUNCE_MS, useDebouncedFetch } from './useDebouncedFetch';

export { SEARCH_DEBOUNCE_MS };

export type SearchFn = (query: string, signal: AbortSignal) => Promise<Product[]>;

export interface ProductSearch {
  /** The query as searched: the URL's, trimmed. */
  query: string;
  /** True from the first keystroke of a new query until its results are in. */
  searching: boolean;
  /** Results of the last completed search (kept while the next one runs). */
  products: Product[];
  /** The query `products` belong to. */
  resultsFor: string | null;
}

/**
 * Searches for `query` 300 ms after it last changed (docs/spec.md section 5: debounced), skipping the call when
 * the query is identical (ignoring surrounding spaces) to the last one searched
 * (`useDebouncedFetch`). A newer query cancels the pending timer and aborts the request in
 * flight; an aborted query counts as not searched, so coming back to it searches again. An empty
 * query searches nothing; a failed search settles to no products.
 */
export function useProductSearch(
  query: string,
  { search = searchProducts, delayMs = SEARCH_DEBOUNCE_MS }: { search?: SearchFn; delayMs?: number } = {},
): ProductSearch {
  const term = query.trim();
  const settled = useDebouncedFetch(term, search, { delayMs, label: 'search', onError: [] as Product[] });

  const current = settled?.query === term;
  return {
    query: term,
    searching: term !== '' && !current,
    products: settled?.value ?? [],
    resultsFor: settled?.query ?? null,
  };
}
