import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, ANALYST, dashboard, fetchedUrls, REVIEWER, serveAnalytics, SUPPORT } from '../testing';
import { renderDashboard } from './renderDashboard';
import { lastDays, todayUtc } from './range';

afterEach(() => vi.unstubAllGlobals());

const RANGE = '/analytics?from=2026-11-01&to=2026-11-03';
const dashboardUrl = (from: string, to: string) => `/api/analytics/dashboard?from=${from}&to=${to}`;

describe('the analytics dashboard gate (docs/spec.md section 2.15)', () => {
  it('without a staff session: a link to the staff login that comes back', async () => {
    const fetchMock = serveAnalytics(null);
    renderDashboard(RANGE);
    expect(await screen.findByText('Sign in as staff to see the analytics dashboard.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Staff login' })).toHaveAttribute('href', `/staff/login?next=${encodeURIComponent(RANGE)}`);
    expect(fetchedUrls(fetchMock)).toEqual([]);
  });

  it.each([REVIEWER, SUPPORT])('a $role is told the analyst role is needed, and nothing is asked for', async (staff) => {
    const fetchMock = serveAnalytics(staff);
    renderDashboard(RANGE);
    expect(await screen.findByText('You need the analyst role to see this page.')).toBeInTheDocument();
    expect(fetchedUrls(fetchMock)).toEqual([]);
    expect(screen.queryByRole('link', { name: /CSV/ })).not.toBeInTheDocument();
  });

  it.each([ANALYST, ADMIN])('an $role sees the panels', async (staff) => {
    serveAnalytics(staff);
    renderDashboard(RANGE);
    for (const name of ['Funnel', 'Revenue', 'Top products', 'Abandoned carts', 'Refused coupons', 'Configurator choices', 'Download CSV']) {
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the analytics dashboard figures (docs/spec.md section 2.15)', () => {
  it('shows every figure as text beside its chart', async () => {
    serveAnalytics(ANALYST);
    renderDashboard(RANGE);
    const funnel = await screen.findByRole('region', { name: 'Funnel' });
    expect(within(funnel).getByRole('img', { name: 'Funnel of carts. Carts started: 12, With an item added: 8, Checkout started: 5, Ordered: 3.' })).toBeInTheDocument();
    const steps = within(within(funnel).getByRole('table', { name: 'Carts at each step' })).getAllByRole('row');
    expect(steps.map((r) => r.textContent)).toEqual(['StepCartsOf started', 'Carts started12100%', 'With an item added867%', 'Checkout started542%', 'Ordered325%']);

    const revenue = screen.getByRole('region', { name: 'Revenue' });
    const totals = within(within(revenue).getByRole('table', { name: 'Totals per currency' })).getAllByRole('row');
    expect(totals.slice(1).map((r) => within(r).getAllByRole('cell').at(-1)?.textContent)).toEqual(['€359.98', '$139.99']);
    expect(within(revenue).getByRole('img', { name: 'Revenue per day, one line per currency (EUR, USD), 3 days.' })).toBeInTheDocument();
    expect(within(revenue).getByRole('row', { name: 'US USD 1 $139.99' })).toBeInTheDocument();

    const products = screen.getByRole('region', { name: 'Top products' });
    expect(within(products).getByRole('row', { name: 'Loki 75 LOKI75 +26 −5 +21 6 2' })).toBeInTheDocument();
    expect(within(products).getByRole('rowheader', { name: 'Product 77 (no longer in the catalogue)' })).toBeInTheDocument();

    const abandoned = screen.getByRole('region', { name: 'Abandoned carts' });
    expect(within(abandoned).getByRole('row', { name: 'Cart EUR 4 6 €450.00 1 0' })).toBeInTheDocument();
    expect(within(abandoned).getByRole('row', { name: 'Checkout USD 1 1 $139.99 1 1' })).toBeInTheDocument();

    const coupons = screen.getByRole('region', { name: 'Refused coupons' });
    expect(within(coupons).getByRole('row', { name: 'save10 coupon_min_spend 4 3 2 (67%)' })).toBeInTheDocument();
    expect(within(coupons).getByRole('row', { name: 'A code that does not exist coupon_not_found 2 1 0 (0%)' })).toBeInTheDocument();

    const choices = screen.getByRole('region', { name: 'Configurator choices' });
    expect(within(choices).getByRole('row', { name: 'Custom Keyboard Builder Case Aluminium 5 6 1 3' })).toBeInTheDocument();

    expect(screen.getByRole('status')).toHaveTextContent('Data up to 2026-11-25 09:30 UTC (up to date).');
  });

  it('says how far behind the figures are', async () => {
    const behind = dashboard('2026-11-01', '2026-11-03', {
      lag: {
        caught_up: false,
        data_up_to: '2026-11-25T09:12:00Z',
        as_of: '2026-11-25T09:30:00Z',
        projections: [
          { name: 'analytics_funnel_daily', position: 28, head: 40, lag_events: 12, lag_seconds: 64 },
          { name: 'analytics_revenue_daily', position: 40, head: 40, lag_events: 0, lag_seconds: 0 },
        ],
      },
    });
    serveAnalytics(ANALYST, [(url) => (url.pathname === '/api/analytics/dashboard' ? { status: 200, body: behind } : undefined)]);
    renderDashboard(RANGE);
    expect(await screen.findByText('Data up to 2026-11-25 09:12 UTC (12 cart events still to be counted).')).toHaveRole('status');
  });

  it('says so when a range has nothing', async () => {
    const empty = dashboard('2026-11-01', '2026-11-03', {
      revenue: { totals: [], by_day: [], by_country: [] },
      top_products: [],
      abandonment: [],
      coupon_refusals: [],
      configurator_choices: [],
    });
    serveAnalytics(ANALYST, [(url) => (url.pathname === '/api/analytics/dashboard' ? { status: 200, body: empty } : undefined)]);
    renderDashboard(RANGE);
    expect(await screen.findByText('No product was added to a cart in this range.')).toBeInTheDocument();
    expect(screen.getAllByText('No orders in this range.')).toHaveLength(2);
    expect(screen.getByText('No cart was abandoned in this range.')).toBeInTheDocument();
    expect(screen.getByText('No coupon was refused in this range.')).toBeInTheDocument();
    expect(screen.getByText('No configured product was added in this range.')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses", async () => {
    serveAnalytics(ANALYST, [(url) => (url.pathname === '/api/analytics/dashboard' ? { status: 422, body: { code: 'invalid_date_range', message: 'The range holds 400 days.' } } : undefined)]);
    renderDashboard(RANGE);
    expect(await screen.findByRole('alert')).toHaveTextContent('The range holds 400 days.');
  });
});

describe('the analytics dashboard range (docs/spec.md section 2.15)', () => {
  it('asks for the 30 days ending today by default', async () => {
    const fetchMock = serveAnalytics(ANALYST);
    renderDashboard('/analytics');
    await screen.findByRole('region', { name: 'Funnel' });
    const { from, to } = lastDays(30, todayUtc());
    expect(fetchedUrls(fetchMock)).toEqual([dashboardUrl(from, to)]);
    expect(screen.getByLabelText('From')).toHaveValue(from);
    expect(screen.getByLabelText('To')).toHaveValue(to);
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('refetches for the dates entered, and keeps them in the URL', async () => {
    const user = userEvent.setup();
    const fetchMock = serveAnalytics(ANALYST);
    const router = renderDashboard(RANGE);
    await screen.findByRole('region', { name: 'Funnel' });
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(fetchedUrls(fetchMock)).toEqual([dashboardUrl('2026-11-01', '2026-11-03'), dashboardUrl('2026-10-01', '2026-11-03')]));
    expect(router.state.location.search).toBe('?from=2026-10-01&to=2026-11-03');
    expect(await screen.findByRole('img', { name: 'Revenue per day, one line per currency (EUR, USD), 34 days.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Funnel by day (CSV)' })).toHaveAttribute('href', '/api/analytics/tables/analytics_funnel_daily.csv?from=2026-10-01&to=2026-11-03');
  });

  it('applies a preset at once', async () => {
    const user = userEvent.setup();
    const fetchMock = serveAnalytics(ANALYST);
    renderDashboard(RANGE);
    await screen.findByRole('region', { name: 'Funnel' });
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    const { from, to } = lastDays(7, todayUtc());
    await waitFor(() => expect(fetchedUrls(fetchMock).at(-1)).toBe(dashboardUrl(from, to)));
    expect(screen.getByLabelText('From')).toHaveValue(from);
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('explains a range the server would refuse and does not send it', async () => {
    const user = userEvent.setup();
    const fetchMock = serveAnalytics(ANALYST);
    renderDashboard(RANGE);
    await screen.findByRole('region', { name: 'Funnel' });
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The first day must not be after the last day.');
    expect(from).toHaveAccessibleDescription('The first day must not be after the last day.');
    expect(fetchedUrls(fetchMock)).toEqual([dashboardUrl('2026-11-01', '2026-11-03')]);
    cleanup();
    const again = serveAnalytics(ANALYST);
    renderDashboard('/analytics?from=2024-01-01&to=2025-06-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at most 366 days (this range holds 518).');
    expect(fetchedUrls(again)).toEqual([]);
  });

  it('links a CSV download of each of the seven tables for the range', async () => {
    serveAnalytics(ANALYST);
    renderDashboard(RANGE);
    const downloads = await screen.findByRole('region', { name: 'Download CSV' });
    const links = within(downloads).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      [
        'analytics_funnel_daily',
        'analytics_revenue_daily',
        'analytics_product_daily',
        'analytics_abandoned_carts',
        'analytics_coupon_ledger',
        'analytics_configurator_choices',
        'analytics_cart_events',
      ].map((t) => `/api/analytics/tables/${t}.csv?from=2026-11-01&to=2026-11-03`),
    );
    for (const link of links) expect(link).toHaveAttribute('download');
  });
});
