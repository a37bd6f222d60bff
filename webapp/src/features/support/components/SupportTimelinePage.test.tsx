import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_ID, SUPPORT, fetchedUrls, order, serveSupport, timeline, todayPrice } from '../testing';
import type { SupportTimeline } from '../types';
import { renderSupport } from './renderSupport';

afterEach(() => vi.unstubAllGlobals());

const timelineRoute =
  (answer: SupportTimeline | { status: number; body: unknown } = timeline()) =>
  (url: URL) => {
    if (!url.pathname.endsWith('/timeline')) return undefined;
    return 'status' in answer ? answer : { status: 200, body: answer };
  };

const state = () => screen.getByTestId('support-state');
const selectedEvent = () => screen.getAllByTestId('support-event').find((li) => li.querySelector('[aria-current="true"]'));

describe("a cart's timeline (docs/spec.md section 2.14)", () => {
  it('shows the header: reference, cart id, activity, orders with status, total and customer', async () => {
    const fetchMock = serveSupport(SUPPORT, [timelineRoute()]);
    renderSupport('/support/carts/DWE-2TF');
    expect(await screen.findByText(CART_ID)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Cart DWE-2TF' })).toBeInTheDocument();
    expect(fetchedUrls(fetchMock)).toEqual(['/api/support/carts/DWE-2TF/timeline']);
    expect(screen.getByText('2026-11-21 09:01:00 UTC', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('2026-11-21 09:05:00 UTC', { selector: 'dd' })).toBeInTheDocument();
    const orderRow = screen.getByTestId('support-order');
    expect(orderRow).toHaveTextContent('#482913570 · processing · €259.98 · version 5 · Mila Berg <mila@example.com>');
    expect(within(orderRow).getByRole('link', { name: '#482913570' })).toHaveAttribute('href', '/order/482913570');
  });

  it('says "Personal data erased" for an erased order', async () => {
    serveSupport(SUPPORT, [timelineRoute(timeline({ orders: [order({ customer: null, erased: true })] }))]);
    renderSupport(`/support/carts/${CART_ID}`);
    const orderRow = await screen.findByTestId('support-order');
    expect(orderRow).toHaveTextContent('Personal data erased');
    expect(orderRow).not.toHaveTextContent('mila');
  });

  it('opens at the latest version, lists every event and marks refusals with their message', async () => {
    serveSupport(SUPPORT, [timelineRoute()]);
    renderSupport(`/support/carts/${CART_ID}`);
    const slider = await screen.findByRole('slider', { name: 'Version' });
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '5');
    expect(slider).toHaveValue('5');
    const events = screen.getAllByTestId('support-event');
    expect(events).toHaveLength(5);
    expect(events[1]).toHaveTextContent('v2');
    expect(events[1]).toHaveTextContent('2026-11-21 09:02:00 UTC');
    expect(events[1]).toHaveTextContent('shopper');
    expect(events[1]).toHaveTextContent('Added Loki 75 x1 at €129.99');
    expect(events[0]).toHaveTextContent('system');
    expect(events[2]).toHaveTextContent('Refused (409 out_of_stock): Tyr TKL is out of stock.');
    expect(events[4]).toHaveTextContent('v5');
    expect(within(events[4]).getByRole('link', { name: 'Open order #482913570' })).toHaveAttribute('href', '/order/482913570');
    expect(selectedEvent()).toBe(events[4]);
    expect(within(state()).getByRole('heading', { name: 'Cart at version 5' })).toBeInTheDocument();
  });

  it('shows the state as seen with today\'s price, the totals and flags', async () => {
    serveSupport(SUPPORT, [timelineRoute()]);
    renderSupport(`/support/carts/${CART_ID}?version=4`);
    const line = (await screen.findAllByTestId('support-line'))[0];
    expect(within(line).getByRole('rowheader')).toHaveTextContent('Loki 75');
    expect(line).toHaveTextContent('LOKI75');
    expect(within(line).getByTestId('support-line-unit')).toHaveTextContent('€129.99');
    expect(within(line).getByTestId('support-line-today')).toHaveTextContent('€119.99');
    expect(line).toHaveTextContent('€259.98');
    const panel = state();
    expect(within(panel).getByTestId('support-subtotal')).toHaveTextContent('€259.98');
    expect(within(panel).getByTestId('support-total')).toHaveTextContent('€259.98');
    expect(panel).toHaveTextContent('Tax incl. (MwSt. 19%)€41.51');
    expect(panel).toHaveTextContent('Couponsnone');
    expect(panel).toHaveTextContent('CountryGermany (DE)');
    expect(panel).toHaveTextContent('CurrencyEUR');
    expect(panel).toHaveTextContent('Pre-orderNo');
    expect(panel).toHaveTextContent('Checkout startedNo');
  });

  it('says "unavailable" when a product is not sold today, and uses the cart\'s currency', async () => {
    const usdCart = timeline();
    for (const e of usdCart.entries) e.state = { ...e.state, currency: 'USD', country: { code: 'US', name: 'United States', currency: 'USD' } };
    serveSupport(SUPPORT, [timelineRoute({ ...usdCart, today: [todayPrice({ available: false })] })]);
    renderSupport(`/support/carts/${CART_ID}`);
    expect(await screen.findByTestId('support-line-today')).toHaveTextContent('unavailable');
    expect(screen.getByTestId('support-line-unit')).toHaveTextContent('$129.99');
  });

  it('the slider, Previous and Next change the state panel, the diff and the URL', async () => {
    serveSupport(SUPPORT, [timelineRoute()]);
    const router = renderSupport(`/support/carts/${CART_ID}?version=2`);
    const slider = await screen.findByRole('slider', { name: 'Version' });
    expect(slider).toHaveValue('2');
    expect(within(state()).getByRole('heading', { name: 'Cart at version 2' })).toBeInTheDocument();
    const added = screen.getAllByTestId('support-diff');
    expect(added[0]).toHaveTextContent('lines.L1.count—→ 1');
    expect(added[1]).toHaveTextContent('totals.total€0.00→ €129.99'); // money paths as money in the cart's currency

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?version=3');
    expect(within(state()).getByRole('heading', { name: 'Cart at version 3' })).toBeInTheDocument();
    expect(screen.getByText("The cart's state did not change.")).toBeInTheDocument();

    fireEvent.change(slider, { target: { value: '4' } });
    expect(router.state.location.search).toBe('?version=4');
    expect(within(state()).getByTestId('support-line-unit').closest('tr')).toHaveTextContent('2');
    const counted = screen.getAllByTestId('support-diff');
    expect(counted[0]).toHaveTextContent('lines.L1.count1→ 2');
    expect(counted[1]).toHaveTextContent('totals.total€129.99→ €259.98');
    expect(selectedEvent()).toHaveTextContent('Set Loki 75 to 2');

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(router.state.location.search).toBe('?version=1');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByText('The cart was empty.')).toBeInTheDocument();
  });

  it("shows a refusal's message once when the description already quotes it", async () => {
    const quoted = timeline();
    quoted.entries[2] = { ...quoted.entries[2], description: 'Refused: Tyr TKL is out of stock.' };
    serveSupport(SUPPORT, [timelineRoute(quoted)]);
    renderSupport(`/support/carts/${CART_ID}`);
    const refused = (await screen.findAllByTestId('support-event'))[2];
    expect(refused).toHaveTextContent('Refused: Tyr TKL is out of stock.Refused (409 out_of_stock)');
    expect(within(refused).getAllByText(/Tyr TKL is out of stock/)).toHaveLength(1);
  });

  it('clicking an event selects it and scrolls it into view', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    serveSupport(SUPPORT, [timelineRoute()]);
    const router = renderSupport(`/support/carts/${CART_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: /Refused: add Tyr TKL/ }));
    expect(router.state.location.search).toBe('?version=3');
    expect(selectedEvent()).toHaveTextContent('Tyr TKL is out of stock.');
    expect(screen.getByRole('slider', { name: 'Version' })).toHaveValue('3');
    expect(scrolled.at(-1)).toBe(selectedEvent()?.querySelector('button'));
  });

  it('"As of" picks the last version at that time', async () => {
    serveSupport(SUPPORT, [timelineRoute()]);
    const router = renderSupport(`/support/carts/${CART_ID}`);
    const asOf = await screen.findByLabelText('As of (UTC)');
    expect(asOf).toHaveValue('2026-11-21T09:05');
    fireEvent.change(asOf, { target: { value: '2026-11-21T09:03' } });
    expect(router.state.location.search).toBe('?version=3');
    expect(asOf).toHaveValue('2026-11-21T09:03');
    fireEvent.change(asOf, { target: { value: '2026-11-21T09:30' } });
    expect(router.state.location.search).toBe('?version=5');
    expect(asOf).toHaveValue('2026-11-21T09:30');
    fireEvent.change(asOf, { target: { value: '2026-11-20T09:03' } });
    expect(screen.getByText('The cart did not exist yet at that time.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?version=5');
    // Another way of choosing a version shows that version's time again.
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(asOf).toHaveValue('2026-11-21T09:04');
    expect(screen.queryByText('The cart did not exist yet at that time.')).not.toBeInTheDocument();
  });

  it('a version from the URL is asked for once, so the audit log records it', async () => {
    const fetchMock = serveSupport(SUPPORT, [timelineRoute()]);
    renderSupport(`/support/carts/${CART_ID}?version=2`);
    await screen.findByRole('slider', { name: 'Version' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(fetchedUrls(fetchMock)).toEqual([`/api/support/carts/${CART_ID}/timeline?version=2`]);
  });

  it('offers the exports as downloads and copies a staff link to the selected version', async () => {
    serveSupport(SUPPORT, [timelineRoute()]);
    renderSupport('/support/carts/DWE-2TF?version=4');
    const json = await screen.findByRole('link', { name: 'Export JSON' });
    expect(json).toHaveAttribute('href', `/api/support/carts/${CART_ID}/export?format=json`);
    expect(json).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/support/carts/${CART_ID}/export?format=csv`);

    const user = userEvent.setup();
    // userEvent.setup installs its own clipboard; replace it after.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy staff link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/support/carts/${CART_ID}?version=4`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('shows the link to copy when the clipboard refuses', async () => {
    serveSupport(SUPPORT, [timelineRoute()]);
    renderSupport(`/support/carts/${CART_ID}`);
    const button = await screen.findByRole('button', { name: 'Copy staff link' });
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(() => Promise.reject(new Error('denied'))) }, configurable: true });
    await user.click(button);
    expect(await screen.findByText(`Copy this link: ${window.location.origin}/support/carts/${CART_ID}?version=5`)).toBeInTheDocument();
  });

  it.each([
    [404, { code: 'cart_not_found', message: 'No cart has this reference.' }],
    [422, { code: 'version_not_found', message: 'This cart has no version 9.' }],
  ])('shows the server\'s %s message', async (status, body) => {
    serveSupport(SUPPORT, [timelineRoute({ status, body })]);
    renderSupport('/support/carts/ZZZ-ZZZ?version=9');
    expect(await screen.findByRole('alert')).toHaveTextContent(body.message);
    expect(screen.getByRole('link', { name: 'Back to the search' })).toHaveAttribute('href', '/support');
  });

  it('an ambiguous reference lists the candidate carts', async () => {
    const other = '6f1c2d3f-0000-5000-8000-000000000000';
    serveSupport(SUPPORT, [
      timelineRoute({ status: 409, body: { code: 'ambiguous_reference', message: 'Two carts share this reference.', candidates: [CART_ID, other] } }),
    ]);
    const router = renderSupport('/support/carts/DWE-2TF');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Two carts share this reference.');
    await userEvent.click(within(alert).getByRole('link', { name: other }));
    expect(router.state.location.pathname).toBe(`/support/carts/${other}`);
    await act(async () => {});
  });
});
