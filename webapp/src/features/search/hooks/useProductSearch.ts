import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Product } from '@/types/api';
import { searchProducts } from '../api/searchProducts';

/** docs/spec.md sections 5 and 9: search calls are debounced 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;

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

interface Settled {
  query: string;
  products: Product[];
}

/**
 * Searches for `query` 300 ms after it last changed (docs/spec.md section 5: debounced), skipping the call when
 * the query is identical (ignoring surrounding spaces) to the last one searched. A newer query
 * cancels the pending timer and aborts the request in flight; an aborted query counts as not
 * searched, so coming back to it searches again. An empty query searches nothing.
 */
export function useProductSearch(
  query: string,
  { search = searchProducts, delayMs = SEARCH_DEBOUNCE_MS }: { search?: SearchFn; delayMs?: number } = {},
): ProductSearch {
  const term = query.trim();
  const [settled, setSettled] = useState<Settled | null>(null);
  /** The last query a call was made for (and not aborted). */
  const last = useRef<string | null>(null);
  // The search function of the latest render, without restarting the debounce when it changes.
  const runSearch = useEffectEvent((q: string, signal: AbortSignal) => search(q, signal));

  useEffect(() => {
    if (!term || term === last.current) return undefined;
    const controller = new AbortController();
    let started = false;
    let done = false;
    const previous = last.current;
    const timer = setTimeout(() => {
      started = true;
      last.current = term;
      void runSearch(term, controller.signal)
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.warn('search failed', error); // docs/spec.md section 8: logged only
          return [] as Product[];
        })
        .then((products) => {
          done = true;
          if (!controller.signal.aborted) setSettled({ query: term, products });
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      if (started && !done) {
        controller.abort();
        if (last.current === term) last.current = previous;
      }
    };
  }, [term, delayMs]);

  const current = settled?.query === term;
  return {
    query: term,
    searching: term !== '' && !current,
    products: settled?.products ?? [],
    resultsFor: settled?.query ?? null,
  };
}
