import { useState, type ReactNode } from 'react';
import { PageHeading } from '@/components/PageHeading';
import { SITE_NAME } from '@/config/site';
import { paths } from '@/config/paths';
import { useNavigate, useSearchParams } from '@/lib/router';
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

/** What shoppers often look for: one search link per product kind (the empty state's ideas). */
export const SEARCH_IDEAS = ['Keyboards', 'Mice', 'Headsets', 'Mousepads', 'Microphones'] as const;

/**
 * /search?query=… (docs/spec.md sections 2 and 2.10): 'Searching for "…" ...' while a search is
 * pending or in flight, then 'Search Results for "…"' above the products, best match first.
 * The header's search box changes the URL; this page follows it (debounced, identical queries
 * skipped). Without a query it is a helpful empty state (a 'Search' headline, a search form and
 * ideas) instead of 'Search Results for ""'. The results area is at least a screen tall, so
 * results arriving never move what is on screen (CLS 0).
 */
export function SearchPage({ renderResults, search }: Props) {
  const [params] = useSearchParams();
  const { query, searching, products, resultsFor } = useProductSearch(params.get('query') ?? '', search ? { search } : {});
  if (query === '') return <EmptySearch />;
  const headline = searchHeadline(query, searching);
  const nothingFound = !searching && resultsFor === query && products.length === 0;

  return (
    <div className="container section">
      <title>{`${searchHeadline(query, false)} – ${SITE_NAME}`}</title>
      <div className={styles.heading}>
        <PageHeading title={headline} />
        {/* The other headline, invisible in the same grid cell: switching never changes the height. */}
        <p className={styles.ghost} aria-hidden="true">
          {searchHeadline(query, !searching)}
        </p>
      </div>
      <div className={styles.results} aria-busy={searching} data-searching={searching || undefined}>
        <p role="status" className={nothingFound ? 'muted' : 'visually-hidden'}>
          {nothingFound
            ? 'No products matched your search. Check the spelling, try a more general word such as "keyboard", or browse the categories in the menu.'
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

/** /search with no query: what to do next, as shops do (a search form and a few ideas). */
function EmptySearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  return (
    <div className="container section">
      <title>{`Search – ${SITE_NAME}`}</title>
      <PageHeading title="Search">Find products by name, kind or SKU. Spelling mistakes are fine.</PageHeading>
      <div>
        <form
          role="search"
          aria-label="Search the shop"
          className={styles.emptyForm}
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) void navigate(paths.search(text.trim()), { replace: true });
          }}
        >
          <label htmlFor="search-page-input" className="visually-hidden">
            Search for
          </label>
          <input id="search-page-input" type="search" value={text} placeholder="What are you looking for?" autoComplete="off" onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="button">
            Search
          </button>
        </form>
        <h2 className={styles.ideasTitle}>Popular searches</h2>
        <ul className={styles.ideas}>
          {SEARCH_IDEAS.map((idea) => (
            <li key={idea}>
              <a
                href={paths.search(idea.toLowerCase())}
                onClick={(event) => {
                  event.preventDefault();
                  void navigate(paths.search(idea.toLowerCase()), { replace: true });
                }}
              >
                {idea}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
