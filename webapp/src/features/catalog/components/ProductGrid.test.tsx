import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { Product } from '../types';
import { ProductGrid } from './ProductGrid';
import { fixture } from '@/test/apiFixtures';

type Callback = (entries: { contentRect: { width: number } }[]) => void;
const observers: { callback: Callback; element?: Element }[] = [];

class FakeResizeObserver {
  constructor(callback: Callback) {
    observers.push({ callback });
  }
  observe(element: Element) {
    observers[observers.length - 1].element = element;
  }
  disconnect() {}
  unobserve() {}
}

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

function resize(width: number) {
  act(() => observers.forEach((o) => o.callback([{ contentRect: { width } }])));
}

describe('ProductGrid', () => {
  beforeEach(() => {
    observers.length = 0;
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [599, 1],
    [600, 2],
    [919, 2],
    [920, 3],
    [1179, 3],
    [1180, 4],
  ])('at a container width of %i px shows %i per row', (width, columns) => {
    const router = createMemoryRouter([{ path: '*', element: <ProductGrid products={products} currency="EUR" label="Keyboards" /> }]);
    render(<RouterProvider router={router} />);
    resize(width);
    const grid = screen.getByRole('list', { name: 'Keyboards' });
    expect(grid).toHaveAttribute('data-columns', String(columns));
    expect(grid.style.gridTemplateColumns).toBe(`repeat(${columns}, minmax(0, 1fr))`);
  });

  it('observes the grid container itself and links each product to its page', () => {
    const router = createMemoryRouter([{ path: '*', element: <ProductGrid products={products} currency="USD" label="Keyboards" /> }]);
    render(<RouterProvider router={router} />);
    expect(observers[0].element).toBe(screen.getByRole('list', { name: 'Keyboards' }));
    expect(screen.getByRole('link', { name: /Product 1/ })).toHaveAttribute('href', '/keyboards/p1');
    expect(screen.getAllByText('$10.00')).toHaveLength(5);
  });
});
