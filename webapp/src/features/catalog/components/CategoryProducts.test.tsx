import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { FilterTerm, Product, ProductCategory } from '../types';
import { CategoryProducts, EMPTY_FILTER_TEXT } from './CategoryProducts';
import { fixture } from '@/test/apiFixtures';

const tag = (id: number, name: string) => ({ id, name, slug: name.toLowerCase() });
const WIRELESS = tag(1, 'Wireless');
const WIRED = tag(2, 'Wired');

const product = (id: number, name: string, tags: { id: number; name: string; slug: string }[], filters: number[] = []): Product => fixture<Product>({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  price: '10.00',
  regular_price: '10.00',
  sale_price: '',
  stock_status: 'instock',
  categories: [{ id: 25, name: 'Headsets', slug: 'headsets' }],
  images: [{ src: `/media/${id}.svg`, alt: '', width: 800, height: 800 }],
  tags,
  filters,
});

const colour = (id: number, name: string, order: number, first: string, second: string | null = null): FilterTerm => ({
  id,
  parent: 2,
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
  order,
  depends_on: null,
  isColour: true,
  colours: { colour_amount: second ? 'both' : 'one', first_colour: first, second_colour: second },
});
const plain = (id: number, parent: number, name: string, order: FilterTerm['order'], depends_on: number | null = null): FilterTerm => ({
  id,
  parent,
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
  order,
  depends_on,
  isColour: false,
  colours: null,
});

const FILTERS: FilterTerm[] = [
  plain(1, 0, 'Connectivity', 0),
  plain(2, 0, 'Colour', 1),
  plain(11, 1, 'Wired (USB-C)', 0),
  plain(12, 1, '2.4 GHz', 1),
  plain(13, 1, 'Other', 'last'),
  plain(14, 1, '100 h+ battery', 2, 12),
  colour(21, 'Black', 0, '#000000'),
  colour(22, 'White', 1, '#ffffff'),
  colour(23, 'Black / Red', 2, '#000000', '#ff0000'),
  ...[24, 25, 26, 27, 28, 29].map((id, i) => colour(id, `Tone ${i}`, 3 + i, '#123456')),
];

const PRODUCTS = [
  product(101, 'Bragi Pro', [WIRELESS], [12, 14, 21, 22, 24, 25, 26, 27, 28, 29]),
  product(102, 'Norn Lite', [WIRELESS], [12, 23]),
  product(103, 'Bragi Wired', [WIRED], [11, 21]),
  product(104, 'Skald Studio', [], [13]),
];

const category = (groups: NonNullable<ProductCategory['acf']>['groups']): ProductCategory => fixture<ProductCategory>({
  id: 25,
  name: 'Headsets',
  slug: 'headsets',
  acf: { groups },
});
const GROUPS = [
  { tag: WIRELESS, description: 'Cable-free' },
  { tag: WIRED, description: 'Zero batteries' },
];

interface PageOptions {
  products?: Product[];
  filters?: FilterTerm[];
  groups?: typeof GROUPS;
  url?: string;
  /** A route loader taking this long: navigations (URL updates) land that much later. */
  loaderMs?: number;
}

function renderPage({ products = PRODUCTS, filters = FILTERS, groups = GROUPS, url = '/headsets', loaderMs }: PageOptions = {}) {
  const element = <CategoryProducts category={category(groups)} products={products} filters={filters} currency="EUR" />;
  const loader = loaderMs === undefined ? undefined : () => new Promise((resolve) => setTimeout(() => resolve(null), loaderMs));
  const router = createMemoryRouter([{ id: 'page', path: '/headsets', element, loader }], {
    initialEntries: [url],
    hydrationData: loaderMs === undefined ? undefined : { loaderData: { page: null } },
  });
  render(<RouterProvider router={router} />);
  return router;
}

const productNames = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('category page products (docs/spec.md section 2)', () => {
  it('groups products by tag group in order, with the rest under Others', () => {
    renderPage();
    const groups = screen.getAllByRole('heading', { level: 2 }).filter((h) => h.textContent !== 'Filters');
    expect(groups.map((h) => h.textContent)).toEqual(['Wireless', 'Wired', 'Others']);
    expect(screen.getByText('Cable-free')).toBeInTheDocument();
    const others = screen.getByRole('region', { name: 'Others' });
    expect(within(others).getByRole('heading', { name: 'Skald Studio' })).toBeInTheDocument();
  });

  it('shows a jump-nav with one button per group when there is more than one group', () => {
    renderPage();
    const nav = screen.getByRole('navigation', { name: 'Headsets groups' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual(['Wireless', 'Wired', 'Others']);
  });

  it('scrolls to a group 80 px below the top and moves focus to it', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    renderPage();
    const section = screen.getByRole('region', { name: 'Wired' });
    section.getBoundingClientRect = () => ({ top: 500 }) as DOMRect;
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Headsets groups' })).getByRole('button', { name: 'Wired' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 500 + window.scrollY - 80, behavior: 'smooth' });
    expect(section).toHaveFocus();
  });

  it('has no jump-nav with a single group', () => {
    renderPage({ products: PRODUCTS.slice(0, 2) });
    expect(screen.queryByRole('navigation', { name: 'Headsets groups' })).not.toBeInTheDocument();
    expect(productNames()).toEqual(['Bragi Pro', 'Norn Lite']);
  });

  it('has no filter sidebar when no product carries a filter', () => {
    renderPage({ products: PRODUCTS.map((p) => ({ ...p, filters: [] })) });
    expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();
  });
});

describe('filter sidebar', () => {
  it('lists the filters the products carry, ordered, with "last" last; dependent terms hidden', () => {
    renderPage();
    const sidebar = screen.getByRole('complementary', { name: 'Filters' });
    const connectivity = within(sidebar).getByRole('group', { name: 'Connectivity' });
    expect(within(connectivity).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(['Wired (USB-C)', '2.4 GHz', 'Other']);
  });

  it('narrows the grid, writes the selection into the URL and shows a dependent term once its dependency is picked', async () => {
    const router = renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: '2.4 GHz' }));
    expect(productNames()).toEqual(['Bragi Pro', 'Norn Lite']);
    expect(router.state.location.search).toBe('?filter=2-4-ghz');
    // One group left: no jump-nav.
    expect(screen.queryByRole('navigation', { name: 'Headsets groups' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: '100 h+ battery' }));
    expect(productNames()).toEqual(['Bragi Pro']);
    expect(router.state.location.search).toBe('?filter=2-4-ghz%2C100-h-battery');

    // Dropping the dependency drops the dependent term too.
    await user.click(screen.getByRole('checkbox', { name: '2.4 GHz' }));
    expect(screen.queryByRole('checkbox', { name: '100 h+ battery' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(productNames()).toHaveLength(4);
  });

  it('checks a box at once, before the router has updated the URL', async () => {
    const router = renderPage({ loaderMs: 50 });
    const box = screen.getByRole('checkbox', { name: '2.4 GHz' });
    fireEvent.click(box);
    expect(box).toBeChecked();
    expect(productNames()).toEqual(['Bragi Pro', 'Norn Lite']);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?filter=2-4-ghz'), { timeout: 10_000 });
    expect(screen.getByRole('checkbox', { name: '2.4 GHz' })).toBeChecked();
  });

  it('follows the URL when it changes (back and forward)', async () => {
    const router = renderPage({ url: '/headsets?filter=white' });
    await act(() => router.navigate('/headsets?filter=wired-usb-c'));
    expect(screen.getByRole('checkbox', { name: 'White' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Wired (USB-C)' })).toBeChecked();
    expect(productNames()).toEqual(['Bragi Wired']);
  });

  it('reads a shared selection from the URL', () => {
    renderPage({ url: '/headsets?filter=white' });
    expect(screen.getByRole('checkbox', { name: 'White' })).toBeChecked();
    expect(productNames()).toEqual(['Bragi Pro']);
  });

  it('is keyboard operable', async () => {
    renderPage();
    const user = userEvent.setup();
    const wired = screen.getByRole('checkbox', { name: 'Wired (USB-C)' });
    wired.focus();
    await user.keyboard(' ');
    expect(wired).toBeChecked();
    expect(productNames()).toEqual(['Bragi Wired']);
  });

  it('shows colour filters as named swatches, 8 per row in rows of 35 px', () => {
    renderPage();
    const colours = screen.getByRole('group', { name: 'Colour' });
    const swatches = within(colours).getAllByRole('checkbox');
    expect(swatches.map((s) => s.closest('label')?.textContent)).toEqual(['Black', 'White', 'Black / Red', 'Tone 0', 'Tone 1', 'Tone 2', 'Tone 3', 'Tone 4', 'Tone 5']);
    const grid = within(colours).getByRole('list');
    expect(grid).toHaveAttribute('data-rows', '2');
    expect(grid.style.gridTemplateColumns).toBe('repeat(8, minmax(0, 1fr))');
    expect(grid.style.gridAutoRows).toBe('35px');
    expect(grid.style.height).toBe('70px');
    const twoTone = swatches[2].parentElement!.querySelector('[aria-hidden="true"]') as HTMLElement;
    expect(twoTone.style.background).toContain('linear-gradient');
  });

  it('says so when nothing matches, and clearing brings everything back', async () => {
    const router = renderPage({ url: '/headsets?filter=wired-usb-c,white' });
    expect(screen.getByText(EMPTY_FILTER_TEXT)).toBeInTheDocument();
    expect(EMPTY_FILTER_TEXT).toBe('No products found with the current filter…');
    expect(productNames()).toEqual([]);
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
    expect(router.state.location.search).toBe('');
    expect(productNames()).toHaveLength(4);
    expect(screen.queryByText(EMPTY_FILTER_TEXT)).not.toBeInTheDocument();
  });
});

describe('category page sort and quick add (docs/spec.md section 2.5)', () => {
  function renderWith(props: Partial<Parameters<typeof CategoryProducts>[0]> = {}, url = '/headsets') {
    const element = <CategoryProducts category={category(GROUPS)} products={PRODUCTS} filters={FILTERS} currency="EUR" {...props} />;
    const router = createMemoryRouter([{ path: '/headsets', element }], { initialEntries: [url] });
    render(<RouterProvider router={router} />);
    return router;
  }

  it('keeps the chosen sort in the URL (?orderby=) next to the filter, and the default out of it', async () => {
    const router = renderWith({}, '/headsets?filter=black');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('menu_order');
    expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual(['Featured', 'Price: low to high', 'Price: high to low', 'Newest']);
    await userEvent.selectOptions(sort, 'price-desc');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?filter=black&orderby=price-desc'));
  });

  it('shows a sorted list as one list in the order given, without groups', () => {
    renderWith({ order: 'price', products: [PRODUCTS[3], PRODUCTS[0], PRODUCTS[2]] });
    expect(screen.queryByRole('navigation', { name: 'Headsets groups' })).toBeNull();
    expect(productNames()).toEqual(['Skald Studio', 'Bragi Pro', 'Bragi Wired']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price');
  });

  it('offers Add to cart only on simple in-stock cards, named for screen readers, and says when it added', async () => {
    const onQuickAdd = vi.fn((p: Product) => (p.id === 102 ? 'Only 2 in stock' : undefined));
    const sold = (p: Product, fields: Partial<Product> = {}) => fixture<Product>({ ...p, type: 'simple', status: 'publish', ...fields });
    const variable = sold(PRODUCTS[0], { id: 105, name: 'Vali Variable', slug: 'vali', type: 'variable', variations: [1, 2] });
    const gone = sold(PRODUCTS[0], { id: 106, name: 'Gone Headset', slug: 'gone', stock_status: 'outofstock' });
    renderWith({ onQuickAdd, order: 'date', products: [sold(PRODUCTS[0]), sold(PRODUCTS[1]), variable, gone] });
    const buttons = screen.getAllByRole('button', { name: /^Add to cart/ });
    expect(buttons.map((b) => b.textContent)).toEqual(['Add to cart: Bragi Pro', 'Add to cart: Norn Lite']);
    await userEvent.click(buttons[0]);
    expect(onQuickAdd).toHaveBeenCalledWith(expect.objectContaining({ id: 101 }));
    expect(screen.getByText('Bragi Pro added to your cart')).toBeInTheDocument();
    await userEvent.click(buttons[1]);
    expect(screen.getByText('Only 2 in stock')).toBeInTheDocument();
    // the others lead to their page, as WooCommerce's listing buttons do
    expect(screen.getByText('Select options').closest('a')).toHaveAttribute('href', '/headsets/vali');
    expect(screen.getByText('Read more').closest('a')).toHaveAttribute('href', '/headsets/gone');
  });
});
