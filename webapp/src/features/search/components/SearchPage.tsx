import type { ReactNode } from 'react';
import { PageHeading } from '@/components/PageHeading';
import { SITE_NAME } from '@/config/site';
import { useSearchParams } from '@/lib/router';
import type { Product } from '@/types/api';
import { useProductSearch, type SearchFn } from '../hooks/useProductSearch';
import { searchHeadline } from './searchHeadline';
import styles from './search.module.css';

interface Props {
  /** Renders the found products (the app passes the catalog's product grid). */
  renderResults: (products: Product[]) => ReactNode;
  /** For tests: the search call. */
  search?: SearchFn;
}

/**
 * /search?query=… (docs/spec.md section 2): 'Searching for "…" ...' while a search is pending or in
 * flight, then 'Search Results for "…"' above the products, best match first. The header's
 * search box changes the URL; this page follows it (debounced, identical queries skipped).
 */
export function SearchPage({ renderResults, search }: Props) {
  const [params] = useSearchParams();
  const { query, searching, products, resultsFor } = useProductSearch(params.get('query') ?? '', search ? { search } : {});
  const headline = searchHeadline(query, searching);
  const nothingFound = !searching && query !== '' && resultsFor === query && products.length === 0;

  return (
    <div className="container section">
      <title>{`${searchHeadline(query, false)} – ${SITE_NAME}`}</title>
      <PageHeading title={headline} />
      <div className={styles.results} aria-busy={searching} data-searching={searching || undefined}>
        <p role="status" className={nothingFound ? 'muted' : 'visually-hidden'}>
          {nothingFound
            ? 'No products matched your search. Try another word, or the first letters of a product name.'
            : !searching && resultsFor === query && products.length > 0
              ? `${products.length} ${products.length === 1 ? 'product' : 'products'} found`
              : ''}
        </p>
        {products.length > 0 && (
          <>
            {/* The product cards' h3 names follow an h2 (headings in order). */}
            <h2 className="visually-hidden">Products</h2>
            {renderResults(products)}
          </>
        )}
      </div>
    </div>
  );
}
