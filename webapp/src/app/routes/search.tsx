import { useCallback } from 'react';
import { ProductGrid } from '@/features/catalog';
import { useCurrency } from '@/features/country';
import { loadSearchPage } from '@/features/search';
import type { Product } from '@/types/api';

// The search page is not in the shopper's first load; this route module resolves once it is here.
const { SearchPage } = await loadSearchPage();

/** /search?query=… (docs/spec.md section 2): the search feature's page with the catalog's product grid. */
export function Component() {
  const currency = useCurrency();
  const renderResults = useCallback(
    (products: Product[]) => <ProductGrid products={products} currency={currency} eagerFirst={4} label="Search results" />,
    [currency],
  );
  return <SearchPage renderResults={renderResults} />;
}
