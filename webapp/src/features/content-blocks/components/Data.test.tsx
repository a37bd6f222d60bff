import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CurrencyContext } from '@/lib/currencyContext';
import type { Product } from '@/types/api';
import { Newsfeed, newsfeedLinks } from './Newsfeed';
import { RelatedProducts, TRENDING_THRESHOLDS, TrendingProducts, trendingPerView } from './RelatedProducts';
import { answerFetch, renderInRouter } from './testing';
import { Ticker } from './Ticker';
import { fixture } from '@/test/apiFixtures';

const product = (id: number, name: string, price: string, usd: string): Product => fixture<Product>({
  id,
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  price,
  regular_price: price,
  sale_price: '',
  price_usd: usd,
  regular_price_usd: usd,
  sale_price_usd: '',
  stock_status: 'instock',
  categories: [{ id: 15, name: 'Keyboards', slug: 'keyboards' }],
  images: [{ src: `/media/p${id}.svg`, width: 800, height: 800 }],
});

/** The carousel mounted under real timers (after the data arrived): pause and play so its timer starts under fake ones. */
function restartAutoplay(carousel: HTMLElement) {
  fireEvent.keyDown(carousel, { key: ' ' });
  fireEvent.keyDown(carousel, { key: ' ' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('RelatedProducts and TrendingProducts', () => {
  it('lists the products in the block order, priced in the shown currency', async () => {
    const fetchMock = answerFetch({ '/api/wc/products': [product(2, 'Vali Pro', '129.99', '139.99'), product(1, 'Odin 75', '149.99', '159.99')] });
    renderInRouter(
      <CurrencyContext.Provider value="USD">
        <RelatedProducts index={10} block={{ acf_fc_layout: 'related_products', title: 'Best sellers', product_ids: [1, 2, 3] }} />
      </CurrencyContext.Provider>,
    );
    const links = await screen.findAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Odin 75$159.99', 'Vali Pro$139.99']);
    expect(links[0]).toHaveAttribute('href', '/keyboards/odin-75');
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/wc/products?include=1%2C2%2C3&per_page=3');
    expect(screen.getByRole('heading', { level: 2, name: 'Best sellers' })).toBeInTheDocument();
  });

  it('leaves out products whose catalogue visibility is hidden (docs/spec.md section 10.5)', async () => {
    const hidden = { ...product(3, 'Secret Set', '9.99', '10.99'), catalog_visibility: 'hidden' };
    answerFetch({ '/api/wc/products': [product(1, 'Odin 75', '149.99', '159.99'), hidden, { ...product(2, 'Vali Pro', '129.99', '139.99'), catalog_visibility: 'catalog' }] });
    renderInRouter(<RelatedProducts index={10} block={{ acf_fc_layout: 'related_products', product_ids: [1, 3, 2] }} />);
    const links = await screen.findAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Odin 75€149.99', 'Vali Pro€129.99']);
  });

  it('renders nothing when the read fails (docs/spec.md section 8: empty result)', async () => {
    answerFetch({});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = renderInRouter(<RelatedProducts index={10} block={{ acf_fc_layout: 'related_products', product_ids: [1] }} />);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });

  it('trending: a slider with 1 to 5 shown by width thresholds 400, 800, 1200, 1600, autoplay 10000 ms', async () => {
    expect(TRENDING_THRESHOLDS).toEqual([400, 800, 1200, 1600]);
    expect([399, 400, 800, 1200, 1600].map(trendingPerView)).toEqual([1, 2, 3, 4, 5]);
    answerFetch({ '/api/wc/products': [product(1, 'Odin 75', '149.99', '159.99'), product(2, 'Vali Pro', '129.99', '139.99'), product(3, 'Bragi', '99.00', '109.00')] });
    renderInRouter(<TrendingProducts index={11} block={{ acf_fc_layout: 'trending_products', title: 'Trending now', product_ids: [1, 2, 3] }} />);
    const carousel = await screen.findByRole('region', { name: 'Trending now' });
    expect(within(carousel).getAllByRole('group')).toHaveLength(3);
    vi.useFakeTimers();
    restartAutoplay(carousel);
    act(() => {
      vi.advanceTimersByTime(9999);
    });
    expect(carousel).toHaveTextContent('Slide 1 of 3');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(carousel).toHaveTextContent('Slide 2 of 3');
  });
});

describe('Ticker', () => {
  it('shows one message at a time, every 10000 ms; linked messages link in-app', async () => {
    renderInRouter(
      <Ticker
        index={12}
        block={{
          acf_fc_layout: 'ticker',
          items: [{ text: 'Free EU shipping' }, 'Coming soon', { text: 'Builder open', link: [{ acf_fc_layout: 'internal', internal: 'https://halvard.gg/wp/custom-keyboard-builder/' }] }, { text: '' }],
        }}
      />,
    );
    const carousel = await screen.findByRole('region', { name: 'Announcements' });
    expect(within(carousel).getAllByRole('group')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Builder open' })).toHaveAttribute('href', '/custom-keyboard-builder');
    expect(within(carousel).queryByRole('button', { name: /Go to slide/ })).toBeNull();
    vi.useFakeTimers();
    restartAutoplay(carousel);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(carousel).toHaveTextContent('Slide 1 of 3');
    act(() => {
      vi.advanceTimersByTime(7000);
    });
    expect(carousel).toHaveTextContent('Slide 2 of 3');
    fireEvent.keyDown(carousel, { key: 'e' });
    expect(carousel).toHaveTextContent('Slide 3 of 3');
  });
});

describe('Newsfeed', () => {
  it("'View all news' goes to /news, 'view all press releases' to /press", () => {
    expect(newsfeedLinks('news')).toEqual([{ to: '/news', label: 'View all news' }]);
    expect(newsfeedLinks('press')).toEqual([{ to: '/press', label: 'view all press releases' }]);
    expect(newsfeedLinks('all').map((l) => l.label)).toEqual(['View all news', 'view all press releases']);
  });

  it('lists the latest items of its filter with dates and in-app links', async () => {
    const fetchMock = answerFetch({
      '/api/wp/latest-news': [
        { id: 7, title: 'Skadi is back', image: '/media/posts/skadi.svg', summary: '<p>Restocked.</p>', date: '2023-03-05T10:00:00', link: 'https://halvard.gg/skadi-is-back/' },
      ],
    });
    renderInRouter(<Newsfeed index={13} block={{ acf_fc_layout: 'newsfeed', title: 'Latest news', filter: 'news' }} />);
    expect(await screen.findByRole('link', { name: 'Skadi is back' })).toHaveAttribute('href', '/skadi-is-back');
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/wp/latest-news?filter=news&per_page=3');
    expect(screen.getByText('5 March, 2023')).toBeInTheDocument();
    expect(screen.getByText('Restocked.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all news' })).toHaveAttribute('href', '/news');
    expect(screen.queryByRole('link', { name: 'view all press releases' })).toBeNull();
  });

  it('press feed links to /press; an unknown filter reads all', async () => {
    const fetchMock = answerFetch({ '/api/wp/latest-news': [] });
    renderInRouter(<Newsfeed index={13} block={{ acf_fc_layout: 'newsfeed', filter: 'press' }} />);
    expect(await screen.findByRole('link', { name: 'view all press releases' })).toHaveAttribute('href', '/press');
    renderInRouter(<Newsfeed index={14} block={{ acf_fc_layout: 'newsfeed', filter: '<script>' }} />);
    await waitFor(() => expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain('/api/wp/latest-news?filter=all&per_page=3'));
  });
});
