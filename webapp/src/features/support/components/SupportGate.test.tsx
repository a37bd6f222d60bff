import { cleanup, screen } from '@testing-library/react';
import { ADMIN, allUrls, ANALYST, REVIEWER, SUPPORT, searchResult, serveSupport, timeline, audit } from '../testing';
import { renderSupport } from './renderSupport';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  (url: URL) => (url.pathname === '/api/support/carts' ? { status: 200, body: { query: 'x', results: [searchResult()] } } : undefined),
  (url: URL) => (url.pathname.endsWith('/timeline') ? { status: 200, body: timeline() } : undefined),
  (url: URL) => (url.pathname === '/api/support/audit' ? { status: 200, body: audit([3, 2, 1], null) } : undefined),
];

describe('the support console gate (docs/spec.md section 2.14)', () => {
  it.each(['/support', '/support/carts/DWE-2TF', '/support/audit'])('%s without a staff session: a link to the staff login that comes back', async (url) => {
    const fetchMock = serveSupport(null, routes);
    renderSupport(url);
    expect(await screen.findByText('Sign in as staff to use the support console.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Staff login' })).toHaveAttribute('href', `/staff/login?next=${encodeURIComponent(url)}`);
    // Nothing of the console is asked for.
    expect(allUrls(fetchMock)).toEqual(['/api/staff/me']);
  });

  it.each([REVIEWER, ANALYST])('a $role sees that the support role is needed, on every page', async (staff) => {
    for (const url of ['/support?q=x', '/support/carts/DWE-2TF', '/support/audit']) {
      const fetchMock = serveSupport(staff, routes);
      renderSupport(url);
      expect(await screen.findByText('This needs the support role.')).toBeInTheDocument();
      expect(allUrls(fetchMock)).toEqual(['/api/staff/me']);
      cleanup();
    }
  });

  it('a 403 from the staff check says the support role is needed', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ code: 'staff_role_forbidden', message: 'No.' }), { status: 403 }))));
    renderSupport('/support');
    expect(await screen.findByText('This needs the support role.')).toBeInTheDocument();
  });

  it('support staff use the search and the timeline but not the audit log', async () => {
    serveSupport(SUPPORT, routes);
    renderSupport('/support?q=x');
    expect(await screen.findByRole('link', { name: 'Cart DWE-2TF' })).toBeInTheDocument();
    cleanup();
    serveSupport(SUPPORT, routes);
    renderSupport('/support/carts/DWE-2TF');
    expect(await screen.findByRole('heading', { name: 'Events' })).toBeInTheDocument();
    cleanup();
    const fetchMock = serveSupport(SUPPORT, routes);
    renderSupport('/support/audit');
    expect(await screen.findByText('Only admins can read the audit log.')).toBeInTheDocument();
    expect(allUrls(fetchMock)).toEqual(['/api/staff/me']);
  });

  it('admins use every page', async () => {
    for (const [url, role, name] of [
      ['/support?q=x', 'link', 'Cart DWE-2TF'],
      ['/support/carts/DWE-2TF', 'button', 'Copy staff link'],
      ['/support/audit', 'button', 'Older'],
    ] as const) {
      serveSupport(ADMIN, [...routes.slice(0, 2), (u: URL) => (u.pathname === '/api/support/audit' ? { status: 200, body: audit([3, 2, 1], 1) } : undefined)]);
      renderSupport(url);
      expect(await screen.findByRole(role, { name })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      cleanup();
    }
  });
});
