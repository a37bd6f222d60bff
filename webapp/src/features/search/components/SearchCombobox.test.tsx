import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { Suggestions } from '../api/getSuggestions';
import type { SuggestFn } from '../hooks/useSuggestions';
import { SearchCombobox } from './SearchCombobox';

const answer: Suggestions = {
  query: 'keybord',
  products: [
    { id: 1101, name: 'Odin 75 Wireless', slug: 'odin-75-wireless', categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }] },
    { id: 1103, name: 'Tyr TKL', slug: 'tyr-tkl', categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }] },
  ],
  categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }],
};

function renderBox(suggest: SuggestFn, url = '/') {
  const router = createMemoryRouter([{ path: '*', element: <SearchCombobox suggest={suggest} /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('SearchCombobox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function typeAndWait(text: string) {
    const input = screen.getByRole('combobox', { name: 'Search products' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: text } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    return input;
  }

  it('is a WAI-ARIA combobox whose listbox opens with suggestions after the 300 ms debounce', async () => {
    const suggest = vi.fn<SuggestFn>(() => Promise.resolve(answer));
    renderBox(suggest);
    const input = screen.getByRole('combobox', { name: 'Search products' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    const listId = input.getAttribute('aria-controls') as string;
    expect(document.getElementById(listId)).toHaveAttribute('role', 'listbox');

    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'keybord' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(suggest).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(suggest).toHaveBeenCalledWith('keybord', expect.any(AbortSignal));
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Odin 75 WirelessKeyboards', 'Tyr TKLKeyboards', 'KeyboardsCategory']);
    expect(screen.getByRole('group', { name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Categories' })).toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it('moves the active option with the arrow keys (wrapping), and Enter opens it', async () => {
    const router = renderBox(() => Promise.resolve(answer));
    const input = await typeAndWait('keybord');
    expect(router.state.location.pathname).toBe('/search');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(input).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', options[2].id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', options[0].id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input).toHaveAttribute('aria-activedescendant', options[2].id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input).toHaveAttribute('aria-activedescendant', options[1].id);

    fireEvent.keyDown(input, { key: 'Enter' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/keyboards/tyr-tkl'));
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a category suggestion on Enter', async () => {
    const router = renderBox(() => Promise.resolve(answer));
    const input = await typeAndWait('keybord');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/keyboards'));
  });

  it('closes the list with Escape and keeps the typed text', async () => {
    renderBox(() => Promise.resolve(answer));
    const input = await typeAndWait('keybord');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(input).toHaveValue('keybord');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens a suggestion on click', async () => {
    const router = renderBox(() => Promise.resolve(answer));
    await typeAndWait('keybord');
    fireEvent.click(screen.getAllByRole('option')[0]);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/keyboards/odin-75-wireless'));
  });

  it('stays collapsed when nothing is suggested', async () => {
    renderBox(() => Promise.resolve({ query: 'zzz', products: [], categories: [] }));
    const input = await typeAndWait('zzz');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toEqual([]);
  });

  it('navigates to /search while typing and goes back one step when cleared (docs/spec.md section 2)', async () => {
    vi.useRealTimers();
    const router = renderBox(() => Promise.resolve(answer), '/keyboards');
    const input = screen.getByRole('combobox', { name: 'Search products' });
    await userEvent.type(input, 'k1');
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('query')).toBe('k1');
    await userEvent.clear(input);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/keyboards'), { timeout: 10_000 });
  });
});
