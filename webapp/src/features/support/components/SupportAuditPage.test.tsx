import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, CART_ID, SUPPORT, audit, fetchedUrls, serveSupport } from '../testing';
import { renderSupport } from './renderSupport';

afterEach(() => vi.unstubAllGlobals());

/** Pages of three: ids 9..7 (next 7), 6..4 (next 4), 3..1 (no more). */
const auditRoute = (url: URL) => {
  if (url.pathname !== '/api/support/audit') return undefined;
  const before = Number(url.searchParams.get('before_id') ?? 10);
  const ids = [before - 1, before - 2, before - 3].filter((id) => id > 0);
  return { status: 200, body: audit(ids, ids[ids.length - 1] > 1 ? ids[ids.length - 1] : null) };
};

describe('the support audit log (docs/spec.md section 2.14)', () => {
  it('admins read who looked at which cart, newest first', async () => {
    const fetchMock = serveSupport(ADMIN, [auditRoute]);
    renderSupport('/support/audit');
    expect(screen.getByRole('heading', { level: 1, name: 'Support audit log' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('audit-entry');
    expect(rows).toHaveLength(3);
    expect(fetchedUrls(fetchMock)).toEqual(['/api/support/audit?limit=100']);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Time', 'Staff', 'Channel', 'View', 'Cart', 'Version', 'Query', 'Results',
    ]);
    expect(rows[0]).toHaveTextContent('2026-11-21 10:00:00 UTC');
    expect(rows[0]).toHaveTextContent('sam@halvard.example (support)');
    expect(rows[0]).toHaveTextContent('apitimeline');
    expect(within(rows[0]).getByRole('link', { name: 'DWE-2TF' })).toHaveAttribute('href', `/support/carts/${CART_ID}?version=9`);
  });

  it('"Older" pages on with next_before_id until there is no more', async () => {
    const fetchMock = serveSupport(ADMIN, [auditRoute]);
    renderSupport('/support/audit');
    await userEvent.click(await screen.findByRole('button', { name: 'Older' }));
    await screen.findByText('6', { selector: 'td' });
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('1', { selector: 'td' });
    expect(screen.getAllByTestId('audit-entry')).toHaveLength(9);
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();
    expect(fetchedUrls(fetchMock)).toEqual(['/api/support/audit?limit=100', '/api/support/audit?limit=100&before_id=7', '/api/support/audit?limit=100&before_id=4']);
  });

  it('a search look shows its query and result count', async () => {
    const page = audit([5], null);
    page.entries[0] = { ...page.entries[0], view: 'search', cart_id: null, reference: null, version: null, query: 'mila@example.com', result_count: 2, channel: 'cli', staff_id: null, staff_email: null, staff_role: null };
    serveSupport(ADMIN, [(url) => (url.pathname === '/api/support/audit' ? { status: 200, body: page } : undefined)]);
    renderSupport('/support/audit');
    const [row] = await screen.findAllByTestId('audit-entry');
    expect(row).toHaveTextContent('unknown');
    expect(row).toHaveTextContent('clisearch');
    expect(row).toHaveTextContent('mila@example.com2');
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
  });

  it('support staff see that only admins can read it, and nothing is asked for', async () => {
    const fetchMock = serveSupport(SUPPORT, [auditRoute]);
    renderSupport('/support/audit');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can read the audit log.');
    expect(fetchedUrls(fetchMock)).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    serveSupport(ADMIN, [() => ({ status: 403, body: { code: 'staff_role_forbidden', message: 'Only admins can read the audit log.' } })]);
    renderSupport('/support/audit');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can read the audit log.');
  });
});
