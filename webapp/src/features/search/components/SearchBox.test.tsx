import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { SearchBox } from './SearchBox';

describe('SearchBox (docs/spec.md 2.10; docs/targets.md 4.7: the combobox is a lazy chunk)', () => {
  it('shows a plain search form to /search first, then the suggestions combobox in its place', async () => {
    const router = createMemoryRouter([{ path: '*', element: <SearchBox suggest={() => Promise.resolve({ query: '', products: [], categories: [] })} /> }], {
      initialEntries: ['/'],
    });
    render(<RouterProvider router={router} />);
    // Before the chunk: a real GET form, so Enter searches even without the combobox.
    const plain = screen.getByRole('searchbox', { name: 'Search products' });
    expect(plain).toHaveAttribute('name', 'query');
    expect(plain.closest('form')).toHaveAttribute('action', '/search');
    // Then the combobox, in the same form box (same classes: no layout shift).
    const combobox = await screen.findByRole('combobox', { name: 'Search products' });
    expect(combobox.closest('form')?.className).toBe(plain.closest('form')?.className ?? 'gone');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});
