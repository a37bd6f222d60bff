import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { resetStaffRole, useStaffRoleStore } from '@/lib/staffRole';
import { StaffBannerSlot } from './StaffBannerSlot';

/** fetch answering /is-admin with `adminStatus` and everything else 401, recording every call. */
function server(adminStatus: number) {
  return vi.fn((url: string | URL) => {
    const status = String(url).endsWith('/is-admin') ? adminStatus : 401;
    return Promise.resolve(new Response(JSON.stringify({}), { status }));
  });
}

function renderSlot() {
  const router = createMemoryRouter([{ path: '*', element: <StaffBannerSlot /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  document.cookie = 'staff_hint=; path=/; max-age=0';
  resetStaffRole();
});

describe('StaffBannerSlot (docs/spec.md section 6; docs/targets.md 4.7: the banner is a lazy chunk)', () => {
  it('gives a visitor only the empty live region and asks the server nothing', async () => {
    const fetch = server(401);
    vi.stubGlobal('fetch', fetch);
    renderSlot();
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    // Longer than the banner's 500 ms check: still nothing asked, nothing shown.
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('loads the banner when the staff hint cookie is set, and it says admin after the check', async () => {
    document.cookie = 'staff_hint=1; path=/';
    vi.stubGlobal('fetch', server(200));
    renderSlot();
    expect(await screen.findByText('You are currently browsing as an admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log out' })).toBeInTheDocument();
  });

  it('loads the banner when a login in this tab sets a role, without the cookie', async () => {
    vi.stubGlobal('fetch', server(401));
    renderSlot();
    act(() => useStaffRoleStore.getState().setSessionRole('reviewer'));
    expect(await screen.findByText('You are currently browsing as a reviewer')).toBeInTheDocument();
  });
});
