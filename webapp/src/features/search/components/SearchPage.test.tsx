import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { Product } from '@/types/api';
import type { SearchFn } from '../hooks/useProductSearch';
import { SearchPage } from './SearchPage';
import { searchHeadline } from './searchHeadline';

const skoll = { id: 5, name: 'Skoll Headset', slug: 'skoll' } as Product;

function renderPage(url: string, search: SearchFn) {
  const router = createMemoryRouter(
    [
      {
        path: '/search',
        element: <SearchPage search={search} renderResults={(products) => <ul aria-label="Results">{products.map((p) => <li key={p.id}>{p.name}</li>)}</ul>} />,
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('search headlines', () => {
  it('are exactly the spec strings', () => {
    expect(searchHeadline('sko', true)).toBe('Searching for "sko" ...');
    expect(searchHeadline('sko', false)).toBe('Search Results for "sko"');
  });
});

describe('SearchPage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows "Searching for" until the results are in, then "Search Results for" and the products', async () => {
    let answer!: (products: Product[]) => void;
    const answered = new Promise<Product[]>((resolve) => (answer = resolve));
    const search = vi.fn<SearchFn>(() => answered);
    renderPage('/search?query=sko', search);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Searching for "sko" ...');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(search).toHaveBeenCalledWith('sko', expect.any(AbortSignal));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Searching for "sko" ...');
    await act(async () => {
      answer([skoll]);
      await answered;
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search Results for "sko"');
    expect(screen.getByRole('list', { name: 'Results' })).toHaveTextContent('Skoll Headset');
    expect(screen.getByRole('status')).toHaveTextContent('1 product found');
  });

  it('follows the query in the URL and says when nothing matched', async () => {
    const search = vi.fn<SearchFn>((q) => Promise.resolve(q === 'sko' ? [skoll] : []));
    const router = renderPage('/search?query=sko', search);
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(async () => {
      await router.navigate('/search?query=zzz', { replace: true });
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Searching for "zzz" ...');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search Results for "zzz"');
    expect(screen.getByRole('status')).toHaveTextContent('No products matched your search.');
    expect(screen.queryByRole('list', { name: 'Results' })).not.toBeInTheDocument();
  });

  it('without a query shows a helpful empty state, not \'Search Results for ""\'', async () => {
    const search = vi.fn<SearchFn>(() => Promise.resolve([skoll]));
    const router = renderPage('/search', search);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search');
    expect(screen.queryByText(/Search Results for/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keyboards' })).toHaveAttribute('href', '/search?query=keyboards');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(search).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search for' }), { target: { value: ' keybord ' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Search the shop' }));
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(router.state.location.search).toBe('?query=keybord');
    expect(search).toHaveBeenCalledWith('keybord', expect.any(AbortSignal));
  });

  it('keeps the other headline invisibly in place, so the switch never moves the page', () => {
    renderPage('/search?query=sko', () => new Promise<Product[]>(() => undefined));
    const ghost = screen.getByText('Search Results for "sko"');
    expect(ghost).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Searching for "sko" ...');
  });
});
