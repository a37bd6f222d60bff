import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from '@/lib/router';
import type { PageViewPayload } from '../api/sendPageView';
import { usePageViews } from './usePageViews';

let accept: (value: boolean) => void = () => {};

function setup({ accepted = false, initial = '/' } = {}) {
  const send = vi.fn<(payload: PageViewPayload) => Promise<unknown>>(() => Promise.resolve(true));
  function Layout() {
    const [enabled, setEnabled] = useState(accepted);
    accept = setEnabled;
    usePageViews({ enabled, clientId: () => 'cid-1', send });
    return <Outlet />;
  }
  const page = (title: string) => function Page() {
    return <title>{title}</title>;
  };
  const router = createMemoryRouter(
    [{ path: '/', Component: Layout, children: [{ index: true, Component: page('Home') }, { path: 'news', Component: page('News') }, { path: 'search', Component: page('Search') }] }],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  const go = (to: string) => act(async () => void (await router.navigate(to)));
  return { send, go, router };
}

describe('usePageViews', () => {
  it('sends nothing before cookies are accepted', async () => {
    const { send, go } = setup({ accepted: false });
    await go('/news');
    await go('/');
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the current page once accepted, then one page view per page change', async () => {
    const { send, go } = setup({ accepted: false });
    await go('/news');
    expect(send).not.toHaveBeenCalled();
    act(() => accept(true));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0]).toMatchObject({
      page_location: `${window.location.origin}/news`,
      page_title: 'News',
      page_referrer: `${window.location.origin}/`,
      cid: 'cid-1',
    });
    await go('/search?query=sko');
    await go('/search?query=skoll'); // same page, another query: no new page view
    await go('/');
    expect(send.mock.calls.map(([p]) => [p.page_location.replace(window.location.origin, ''), p.page_referrer.replace(window.location.origin, '')])).toEqual([
      ['/news', '/'],
      ['/search?query=sko', '/news'],
      ['/', '/search?query=sko'],
    ]);
    const ids = send.mock.calls.map(([p]) => p.event_id);
    expect(new Set(ids).size).toBe(3);
    ids.forEach((id) => expect(id).toMatch(/^[A-Za-z0-9._:-]{8,64}$/));
  });

  it('stops when acceptance is withdrawn', async () => {
    const { send, go } = setup({ accepted: true });
    expect(send).toHaveBeenCalledTimes(1);
    act(() => accept(false));
    await go('/news');
    expect(send).toHaveBeenCalledTimes(1);
  });
});
