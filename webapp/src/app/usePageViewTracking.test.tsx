import { act, render, waitFor } from '@testing-library/react';
import { useCartStore } from '@/features/cart';
import { acceptCookies } from '@/features/cookies';
import { createMemoryRouter, Outlet, RouterProvider } from '@/lib/router';
import { usePageViewTracking } from './usePageViewTracking';

function Layout() {
  usePageViewTracking();
  return <Outlet />;
}

function setup() {
  const router = createMemoryRouter([{ path: '/', Component: Layout, children: [{ index: true, element: <p>home</p> }, { path: 'news', element: <p>news</p> }] }]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('page views follow the cookie acceptance', () => {
  const sent: Record<string, string>[] = [];
  beforeEach(() => {
    sent.length = 0;
    useCartStore.setState({ cid: null });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url === '/api/ga/page-view') sent.push(JSON.parse(init?.body as string) as Record<string, string>);
        return Promise.resolve(new Response('{"recorded":true}', { status: 200 }));
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends nothing until OK, then the current page and each next one, with the cart analytics cid', async () => {
    const router = setup();
    await act(async () => void (await router.navigate('/news')));
    expect(sent).toEqual([]);
    act(() => acceptCookies());
    await waitFor(() => expect(sent).toHaveLength(1));
    const cid = useCartStore.getState().cid;
    expect(cid).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]).toMatchObject({ page_location: `${window.location.origin}/news`, cid });
    await act(async () => void (await router.navigate('/')));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ page_location: `${window.location.origin}/`, page_referrer: `${window.location.origin}/news`, cid });
  });

  it('reuses the cid the cart already has', async () => {
    useCartStore.setState({ cid: 'cart-cid-1' });
    localStorage.setItem('acceptCookies', 'true');
    setup();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].cid).toBe('cart-cid-1');
  });
});
