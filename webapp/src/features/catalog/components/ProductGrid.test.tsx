import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { GRID_THRESHOLDS } from '@/lib/columns';
import type { Product } from '../types';
import { ProductGrid } from './ProductGrid';
import { fixture } from '@/test/apiFixtures';

const products: Product[] = [1, 2, 3, 4, 5].map((id) => fixture<Product>({
  id,
  name: `Product ${id}`,
  slug: `p${id}`,
  price: '10.00',
  regular_price: '10.00',
  price_usd: '10.00',
  regular_price_usd: '10.00',
  sale_price: '',
  stock_status: 'instock',
  categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }],
  images: [{ src: `/media/p${id}.svg`, alt: '', width: 800, height: 800 }],
}));

describe('ProductGrid', () => {
  it('lists each product with a link to its page, in the visitor currency', () => {
    const router = createMemoryRouter([{ path: '*', element: <ProductGrid products={products} currency="USD" label="Keyboards" /> }]);
    render(<RouterProvider router={router} />);
    const grid = screen.getByRole('list', { name: 'Keyboards' });
    expect(grid.querySelectorAll(':scope > li')).toHaveLength(5);
    expect(screen.getByRole('link', { name: /Product 1/ })).toHaveAttribute('href', '/keyboards/p1');
    expect(screen.getAllByText('$10.00')).toHaveLength(5);
  });

  it("sizes its columns with container queries at the spec's thresholds, not in script", () => {
    // jsdom lays nothing out, so the columns themselves are checked in a browser
    // (e2e/catalogue-routes.spec.ts); here: the stylesheet queries exactly GRID_THRESHOLDS.
    const css = readFileSync(resolve(__dirname, '../../../components/productColumns.module.css'), 'utf8');
    const queried = [...css.matchAll(/@container \(min-width: (\d+)px\)\s*{\s*\.columns\s*{\s*grid-template-columns: repeat\((\d), minmax\(0, 1fr\)\);/g)]
      .map((m) => [Number(m[1]), Number(m[2])]);
    expect(queried).toEqual(GRID_THRESHOLDS.map((width, i) => [width, i + 2]));
    const router = createMemoryRouter([{ path: '*', element: <ProductGrid products={products} currency="EUR" label="Keyboards" /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('list', { name: 'Keyboards' }).getAttribute('style')).toBeNull();
  });
});
