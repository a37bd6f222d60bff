import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { resetStaffRole, useStaffRoleStore } from '@/lib/staffRole';
import { StaffLoginPage, safeNext } from './StaffLoginPage';

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

function renderLogin(url = '/staff/login') {
  const router = createMemoryRouter(
    [
      { path: '/staff/login', element: <StaffLoginPage /> },
      { path: '/', element: <p>home page</p> },
      { path: '/cart', element: <p>cart page</p> },
      { path: '/support', element: <p>support console</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function fillAndSubmit(email = 'odin@halvard.gg', password = 'correct horse') {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('StaffLoginPage', () => {
  beforeEach(() => resetStaffRole());
  afterEach(() => vi.unstubAllGlobals());

  it('has labelled fields in a sensible focus order and an empty alert region', async () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Staff login' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    const user = userEvent.setup();
    await user.tab();
    expect(email).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveFocus();
  });

  it('posts the credentials with the cookie, learns the role and goes to the start page', async () => {
    const fetchMock = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(json({ email: 'odin@halvard.gg', role: 'admin' })));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderLogin();
    await fillAndSubmit(' odin@halvard.gg ');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/staff/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(init?.body as string)).toEqual({ email: 'odin@halvard.gg', password: 'correct horse' });
    expect(useStaffRoleStore.getState().role).toBe('admin');
    expect(screen.getByText('home page')).toBeInTheDocument();
  });

  it('goes back to a local ?next= path, never to another site', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ email: 'freya@halvard.gg', role: 'reviewer' }))));
    const router = renderLogin('/staff/login?next=%2Fcart');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(useStaffRoleStore.getState().role).toBe('reviewer');
    expect(safeNext('//evil.example/x')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext('https://evil.example/')).toBe('/');
    expect(safeNext(null)).toBe('/');
    expect(safeNext('/admin/product/list?page=2')).toBe('/admin/product/list?page=2');
  });

  it('signs support staff in (no banner role) and goes back to the support console', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ email: 'sam@halvard.gg', role: 'support' }))));
    const router = renderLogin('/staff/login?next=%2Fsupport%3Fq%3DK7F-3QX');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));
    expect(router.state.location.search).toBe('?q=K7F-3QX');
    expect(useStaffRoleStore.getState().role).toBeNull();
  });

  it('says so when the email or password is wrong (401), clears the password and focuses it', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ code: 'invalid_credentials', message: 'x' }, 401))));
    const router = renderLogin();
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Wrong email or password.'));
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-describedby', alert.id);
    expect(router.state.location.pathname).toBe('/staff/login');
    expect(useStaffRoleStore.getState().role).toBeNull();
  });

  it('tells how long to wait after too many attempts (429)', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ code: 'rate_limited', message: 'x', retry_after: 42 }, 429, { 'Retry-After': '42' }))));
    renderLogin();
    await fillAndSubmit();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many login attempts. Please wait 42 seconds and try again.'),
    );
  });

  it('uses the Retry-After header when the body has no retry_after, and a minute when neither', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ code: 'rate_limited' }, 429, { 'Retry-After': '7' }))));
    renderLogin();
    const user = await fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please wait 7 seconds'));
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ code: 'rate_limited' }, 429))));
    await user.type(screen.getByLabelText('Password'), 'again');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please wait a minute and try again.'));
  });

  it('tells a signed-in staff user so, with a way back to the shop', () => {
    useStaffRoleStore.getState().setCheckedRole('reviewer');
    renderLogin();
    expect(screen.getByText(/You are already logged in as a reviewer\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  });

  it('asks for both fields before sending anything', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    await fillAndSubmit('odin@halvard.gg', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email and password.');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a malformed email (422) and a server failure have their own messages', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ code: 'invalid_request' }, 422))));
    renderLogin();
    const user = await fillAndSubmit('not-an-email');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address and your password.'),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    await user.type(screen.getByLabelText('Password'), 'again');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong, please try again later'));
  });
});
