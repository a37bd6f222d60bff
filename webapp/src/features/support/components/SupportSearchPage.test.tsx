import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_ID, SUPPORT, fetchedUrls, searchResult, serveSupport } from '../testing';
import { renderSupport } from './renderSupport';

afterEach(() => vi.unstubAllGlobals());

/** Answers a search: `results` for every query but "nobody" (none) and "@" (422 invalid_query). */
const searchRoute = (url: URL) => {
  if (url.pathname !== '/api/support/carts') return undefined;
  const q = url.searchParams.get('q') ?? '';
  if (q === '@') return { status: 422, body: { code: 'invalid_query', message: 'Type at least three characters of an email address.' } };
  if (q === 'nobody') return { status: 200, body: { query: q, results: [] } };
  return {
    status: 200,
    body: { query: q, results: [searchResult(), searchResult({ cart_id: '11111111-2222-4333-8444-555555555555', reference: '248-H4A', matched_by: ['sku'], currency: 'USD', total: 13999, item_count: 1, country: 'US', order_numbers: [] })] },
  };
};

describe('the support search (docs/spec.md section 2.14)', () => {
  it('searches on submit, keeps the query in the URL and lists the carts', async () => {
    const fetchMock = serveSupport(SUPPORT, [searchRoute]);
    const router = renderSupport('/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Support console' })).toBeInTheDocument();
    const field = await screen.findByLabelText('Find a cart');
    expect(field).toHaveAttribute('placeholder', 'Order number, email, coupon, SKU or support reference');
    await userEvent.type(field, 'mila@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('heading', { name: '2 carts for “mila@example.com”' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=mila%40example.com');
    expect(fetchedUrls(fetchMock)).toEqual(['/api/support/carts?q=mila%40example.com']);

    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Reference', 'Matched by', 'First activity', 'Last activity', 'Items', 'Value', 'Country', 'Orders',
    ]);
    const [first, second] = screen.getAllByTestId('support-result');
    expect(within(first).getByRole('link', { name: 'Cart DWE-2TF' })).toHaveAttribute('href', `/support/carts/${CART_ID}`);
    expect(first).toHaveTextContent('Email, Order');
    expect(first).toHaveTextContent('2026-11-21 09:01:00 UTC');
    expect(first).toHaveTextContent('€259.98');
    expect(first).toHaveTextContent('482913570');
    expect(second).toHaveTextContent('SKU');
    expect(second).toHaveTextContent('$139.99');
    expect(second).toHaveTextContent('US');
    expect(second).toHaveTextContent('none');
  });

  it('opens a cart from its row', async () => {
    serveSupport(SUPPORT, [searchRoute]);
    const router = renderSupport('/support?q=LOKI75');
    await userEvent.click(await screen.findByRole('link', { name: 'Cart 248-H4A' }));
    expect(router.state.location.pathname).toBe('/support/carts/11111111-2222-4333-8444-555555555555');
  });

  it('says when no cart matches', async () => {
    serveSupport(SUPPORT, [searchRoute]);
    renderSupport('/support?q=nobody');
    expect(await screen.findByText('No cart matches “nobody”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's error message", async () => {
    serveSupport(SUPPORT, [searchRoute]);
    renderSupport('/support?q=%40');
    expect(await screen.findByRole('alert')).toHaveTextContent('Type at least three characters of an email address.');
  });

  it('says so when the server cannot be reached', async () => {
    serveSupport(SUPPORT, [
      (url) => {
        if (url.pathname === '/api/support/carts') throw new TypeError('Failed to fetch');
        return undefined;
      },
    ]);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderSupport('/support?q=K7F-3QX');
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached. Please try again.');
  });

  it('back and forward repeat the searches, the field follows the URL', async () => {
    serveSupport(SUPPORT, [searchRoute]);
    const router = renderSupport('/support?q=nobody');
    expect(await screen.findByText('No cart matches “nobody”.')).toBeInTheDocument();
    const field = screen.getByLabelText('Find a cart');
    expect(field).toHaveValue('nobody');
    await userEvent.clear(field);
    await userEvent.type(field, 'LOKI75{Enter}');
    expect(await screen.findByRole('heading', { name: '2 carts for “LOKI75”' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByText('No cart matches “nobody”.')).toBeInTheDocument();
    expect(screen.getByLabelText('Find a cart')).toHaveValue('nobody');
  });

  it('does not search for blank text', async () => {
    const fetchMock = serveSupport(SUPPORT, [searchRoute]);
    const router = renderSupport('/support');
    await userEvent.type(await screen.findByLabelText('Find a cart'), '   {Enter}');
    expect(router.state.location.search).toBe('');
    expect(fetchedUrls(fetchMock)).toEqual([]);
  });
});
