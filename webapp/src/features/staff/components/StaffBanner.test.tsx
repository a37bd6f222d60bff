import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from '@/lib/router';
import { resetStaffRole, useStaffRoleStore } from '@/lib/staffRole';
import { StaffBanner } from './StaffBanner';

type Answers = Record<string, number>;

/** fetch answering each path with a status (JSON body), recording every call. */
function server(answers: Answers) {
  return vi.fn((url: string | URL, _init?: RequestInit) => {
    const status = answers[String(url)] ?? 404;
    return Promise.resolve(new Response(JSON.stringify(status === 200 ? { email: 'x@y.z' } : { code: 'no' }), { status }));
  });
}

function renderApp(path = '/cart') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <StaffBanner />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>home page</p> },
          { path: 'cart', element: <p>cart page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('StaffBanner (docs/spec.md section 6: checked 500 ms after load)', () => {
  beforeEach(() => {
    resetStaffRole();
    vi.useFakeTimers();
    document.cookie = 'staff_hint=1; path=/'; // set by the server at staff login
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.cookie = 'staff_hint=; path=/; max-age=0';
  });

  it('asks nothing without the staff hint cookie: a visitor gets no 401 in the console', async () => {
    document.cookie = 'staff_hint=; path=/; max-age=0';
    const fetchMock = server({ '/is-admin': 200, '/is-reviewer': 200 });
    vi.stubGlobal('fetch', fetchMock);
    renderApp();
    await advance(2000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(useStaffRoleStore.getState().role).toBeNull();
  });

  it('asks /is-admin only after 500 ms, with credentials, and shows the admin banner', async () => {
    const fetchMock = server({ '/is-admin': 200 });
    vi.stubGlobal('fetch', fetchMock);
    renderApp();
    await advance(499);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(1); // an admin needs no reviewer check
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/is-admin');
    expect(init?.credentials).toBe('include');
    expect(screen.getByRole('status')).toHaveTextContent('You are currently browsing as an admin');
    expect(screen.getByText('You are currently browsing as an admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin/');
    expect(useStaffRoleStore.getState().role).toBe('admin');
  });

  it('asks /is-reviewer when /is-admin says no, and shows the reviewer banner', async () => {
    const fetchMock = server({ '/is-admin': 403, '/is-reviewer': 200 });
    vi.stubGlobal('fetch', fetchMock);
    renderApp();
    await advance(500);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/is-admin', '/is-reviewer']);
    expect(fetchMock.mock.calls[1][1]?.credentials).toBe('include');
    expect(screen.getByRole('status')).toHaveTextContent(/^You are currently browsing as a reviewer/);
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(useStaffRoleStore.getState().role).toBe('reviewer');
  });

  it('shows nothing to a visitor (both checks fail) and a failed request counts as no', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = vi.fn((url: string | URL) => {
      if (String(url) === '/is-admin') return Promise.reject(new TypeError('offline'));
      return Promise.resolve(new Response('{}', { status: 401 }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp();
    await advance(500);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('link', { name: 'Log out' })).not.toBeInTheDocument();
    expect(useStaffRoleStore.getState().role).toBeNull();
  });

  it('asks /is-reviewer not at all when /is-admin finds no session (401): the hint was left over', async () => {
    const fetchMock = server({ '/is-admin': 401, '/is-reviewer': 200 });
    vi.stubGlobal('fetch', fetchMock);
    renderApp();
    await advance(500);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/is-admin']);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(useStaffRoleStore.getState().role).toBeNull();
  });

  it('checks once per load, not again on navigation', async () => {
    const fetchMock = server({ '/is-admin': 200 });
    vi.stubGlobal('fetch', fetchMock);
    const router = renderApp('/');
    await advance(500);
    await act(async () => {
      await router.navigate('/cart');
    });
    await advance(2000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('logout is a GET to /logout, then the app lands on / without the banner', async () => {
    const fetchMock = server({ '/is-admin': 200, '/logout': 200 });
    vi.stubGlobal('fetch', fetchMock);
    const router = renderApp('/cart');
    await advance(500);
    fireEvent.click(screen.getByRole('link', { name: 'Log out' }));
    await advance(0);
    const logout = fetchMock.mock.calls.find(([url]) => url === '/logout');
    expect(logout?.[1]?.credentials).toBe('include');
    expect(logout?.[1]?.method ?? 'GET').toBe('GET');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('home page')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(useStaffRoleStore.getState().role).toBeNull();
  });

  it('a late check answer does not bring the banner back after a logout', async () => {
    let answerAdmin: (r: Response) => void = () => {};
    const adminAnswered = new Promise<Response>((resolve) => (answerAdmin = resolve));
    const fetchMock = vi.fn((url: string | URL) =>
      String(url) === '/is-admin' ? adminAnswered : Promise.resolve(new Response('{}')),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderApp();
    await advance(500);
    act(() => useStaffRoleStore.getState().setSessionRole(null));
    await act(async () => {
      answerAdmin(new Response('{}', { status: 200 }));
      await adminAnswered;
    });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
