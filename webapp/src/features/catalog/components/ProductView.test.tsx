import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { Mock } from 'vitest';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { Product, Variation } from '../types';
import { ProductView } from './ProductView';
import { fixture, type DeepPartial, productAcf } from '@/test/apiFixtures';

const product = (id: number, name: string, fields: DeepPartial<Product> = {}): Product => fixture<Product>({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  sku: `SKU-${id}`,
  price: '39.99',
  regular_price: '39.99',
  sale_price: '',
  stock_status: 'instock',
  categories: [{ id: 25, name: 'Headsets', slug: 'headsets' }],
  images: [{ src: `/media/${id}-1.svg`, alt: name, width: 800, height: 800 }],
  ...fields,
});

const STAND = product(11, 'Headset Stand', {
  use_recommended_products_price: true,
  recommended_products_price: '29.99',
  recommended_products_price_usd: '29.99',
});
const PADS = product(21, 'Ear Pads', { stock_status: 'outofstock' });
const CABLE = product(12, 'DAC Cable', { price: '24.99', regular_price: '24.99' });

const HEADSET = product(1, 'Bragi Wired', {
  price: '129.99',
  regular_price: '129.99',
  images: [
    { src: '/media/1-1.svg', alt: 'Bragi Wired', width: 800, height: 800 },
    { src: '/media/1-2.svg', alt: 'Bragi Wired, back', width: 800, height: 800 },
  ],
  acf: {
    recommended_products: [11, 21, 12],
    recommended_products_discount: 15,
    activate_recommended_products_discount: true,
    recommended_products_title: 'Complete your setup',
    recommended_products_text_area: '<p>Save 15 % on both.</p>',
    special_notice: { text: 'Free shipping', background_colour: '#c8102e', text_colour: '#ffffff' },
  },
});

const variation = (id: number, option: string, price: string, fields: DeepPartial<Variation> = {}): Variation => fixture<Variation>({
  id,
  price,
  regular_price: price,
  sale_price: '',
  stock_status: 'instock',
  attributes: [{ name: 'Colour', option }],
  ...fields,
});

interface Options {
  item?: Product;
  variations?: Variation[];
  recommended?: Product[];
  linked?: Product[];
  onAddToCart?: Mock<(product: Product, variation: Variation | null, recommendedBy?: Product | null) => string | void>;
  onCustomize?: Mock<(product: Product) => void>;
}

function renderView({ item = HEADSET, variations = [], recommended = [STAND, PADS, CABLE], linked = [], onAddToCart = vi.fn(), onCustomize = vi.fn() }: Options = {}) {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <ProductView
          product={item}
          variations={variations}
          swatches={[]}
          currency="EUR"
          recommended={recommended}
          linked={linked}
          onAddToCart={onAddToCart}
          onCustomize={onCustomize}
        />
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return { onAddToCart, onCustomize };
}

beforeEach(() => {
  // The fresh stock check: in stock.
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ stock_status: 'instock', variations: [] }), { status: 200 }))));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Waits for the stock check, then switches to fake timers for the tick. */
async function readyToAdd(name = 'Add to cart') {
  const button = await screen.findByRole('button', { name });
  vi.useFakeTimers();
  return button;
}

describe('product page hero (docs/spec.md section 2)', () => {
  it('shows title, short description, price, special notice in its colours and the gallery', async () => {
    renderView({ item: { ...HEADSET, acf: { ...HEADSET.acf, short_description: '<p>Closed-back.</p>' } } });
    expect(screen.getByRole('heading', { level: 1, name: 'Bragi Wired' })).toBeInTheDocument();
    expect(screen.getByText('Closed-back.')).toBeInTheDocument();
    expect(screen.getAllByText('€129.99')[0]).toBeInTheDocument();
    const notice = screen.getByText('Free shipping');
    expect(notice).toHaveStyle({ background: '#c8102e', color: '#ffffff' });
    expect(screen.getByRole('button', { name: 'Show image 2 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Image 1 of 2' })).toHaveAttribute('aria-current', 'true');
    await screen.findByRole('button', { name: 'Add to cart' });
  });

  it('shows the lowest variation price until a variation is picked, then that one', async () => {
    const variations = [
      variation(51, 'Black', '179.99'),
      variation(52, 'White', '189.99', { sale_price: '169.99', price: '169.99' }),
      variation(53, 'Red', '199.99'),
    ];
    renderView({ item: { ...HEADSET, variations: [51, 52, 53], acf: productAcf() }, variations });
    const price = () => document.querySelector('.productPrice .price__current')?.textContent;
    // The lowest of the variation prices (White's sale price), regular price struck through.
    expect(price()).toBe('Sale price €169.99');
    expect(document.querySelector('.productPrice .price__regular')).toHaveTextContent('€189.99');
    expect(screen.getByText('From')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /Red/ }));
    expect(price()).toBe('€199.99');
    await screen.findByRole('button', { name: 'Add to cart' });
  });

  it('asks for a variation before adding', async () => {
    const { onAddToCart } = renderView({ item: { ...HEADSET, variations: [51] }, variations: [variation(51, 'Black', '179.99')] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(screen.getByText('Please select a variation first.')).toBeInTheDocument();
    expect(onAddToCart).not.toHaveBeenCalled();
  });

  it('offers Customize for a configurable product', async () => {
    const { onCustomize, onAddToCart } = renderView({ item: { ...HEADSET, isConfigurable: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Customize' }));
    expect(onCustomize).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(onAddToCart).not.toHaveBeenCalled();
  });

  it('alternates the btn_fade texts under the buy button while it says the named label', async () => {
    const btn_fade = { type: 'text', button: 'Add to cart', first: 'Free EU shipping', second: '30-day returns' };
    renderView({ item: { ...HEADSET, acf: { ...HEADSET.acf, btn_fade } } });
    await screen.findByRole('button', { name: 'Add to cart' });
    expect(screen.getByText('Free EU shipping. 30-day returns')).toBeInTheDocument();
    expect(screen.getByTestId('btn-fade')).toBeInTheDocument();
  });

  it('shows no btn_fade texts on a product that is coming soon', async () => {
    const btn_fade = { type: 'text', button: 'Add to cart', first: 'Free EU shipping', second: '30-day returns' };
    renderView({ item: { ...HEADSET, acf: { ...HEADSET.acf, btn_fade, availability: 'coming_soon' } } });
    await screen.findByRole('button', { name: 'Coming Soon' });
    expect(screen.queryByText('Free EU shipping. 30-day returns')).toBeNull();
    expect(screen.queryByTestId('btn-fade')).toBeNull();
  });

  it('links the linked products, marking the current one', async () => {
    renderView({ linked: [product(2, 'Bragi Pro Wireless', { price: '179.99', regular_price: '179.99' })] });
    const picker = screen.getByRole('navigation', { name: 'Versions' });
    expect(within(picker).getByRole('link', { name: /Bragi Wired/ })).toHaveAttribute('aria-current', 'page');
    expect(within(picker).getByRole('link', { name: /Bragi Pro Wireless/ })).toHaveAttribute('href', '/headsets/bragi-pro-wireless');
    await screen.findByRole('button', { name: 'Add to cart' });
  });
});

describe('add, tick, then recommended products (docs/spec.md section 4)', () => {
  it('shows the tick for 1500 ms, then the modal with the recommendations in stock', async () => {
    const { onAddToCart } = renderView();
    const buy = await readyToAdd();
    buy.focus();
    fireEvent.click(buy);
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), null);
    expect(screen.getByRole('button', { name: 'Added to cart' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });

    const dialog = screen.getByRole('dialog', { name: 'Complete your setup' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Save 15 % on both.');
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['Headset Stand', 'DAC Cable']);
    // 29.99 (its recommended price) less 15 % = 25.49; the usual 39.99 struck through.
    expect(within(items[0]).getByText('€25.49')).toBeInTheDocument();
    expect(within(items[0]).getByText('€39.99')).toBeInTheDocument();
    // 24.99 less 15 % = 21.24 (half up).
    expect(within(items[1]).getByText('€21.24')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveFocus();
  });

  it('keeps focus inside the dialog', async () => {
    renderView();
    fireEvent.click(await readyToAdd());
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const last = within(dialog).getByRole('link', { name: 'Go to cart' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(last).toHaveFocus();
  });

  it('adds a recommendation with recommended_by, then drops it from the list; the last one closes the modal', async () => {
    const { onAddToCart } = renderView();
    fireEvent.click(await readyToAdd());
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    const dialog = screen.getByRole('dialog');
    const stand = within(dialog).getAllByRole('listitem')[0];
    fireEvent.click(within(stand).getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).toHaveBeenLastCalledWith(expect.objectContaining({ id: 11 }), null, expect.objectContaining({ id: 1 }));
    expect(within(stand).getByRole('button', { name: 'Added to cart' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(within(dialog).getAllByRole('listitem').map((li) => within(li).getByRole('link').textContent)).toEqual(['DAC Cable']);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves out the product just added, and opens no modal without recommendations in stock', async () => {
    renderView({ recommended: [PADS, { ...HEADSET }] });
    fireEvent.click(await readyToAdd());
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens no modal when the cart refused the add', async () => {
    const onAddToCart = vi.fn((): string | void => 'Sorry, no more in stock.');
    renderView({ onAddToCart });
    fireEvent.click(await readyToAdd());
    expect(screen.getByText('Sorry, no more in stock.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
