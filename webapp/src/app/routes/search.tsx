import { useCallback } from 'react';
import { ProductGrid } from '@/features/catalog';
import { useCurrency } from '@/features/country';
import { SearchPage } from '@/features/search';
import type { Product } from '@/types/api';

/** /search?query=… (docs/spec.md section 2): the search feature's page with the catalog's product grid. */
export function Component() {
  const currency = useCurrency();
  const renderResults = useCallback(
    (products: Product[]) => <ProductGrid products={products} currency={currency} eagerFirst={4} label="Search results" />,
    [currency],
  );
  return <SearchPage renderResults={renderResults} />;
}
