import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { ACCEPT_COOKIES_KEY, cookiesAccepted, resetCookieConsentForTests, useCookiesAccepted } from '../store/consent';
import { CookieBanner } from './CookieBanner';

function Probe() {
  return <p data-testid="probe">{useCookiesAccepted() ? 'accepted' : 'not yet'}</p>;
}

function renderBanner() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <><CookieBanner /><Probe /></> },
      { path: '/cookies-policy', element: <h1>Cookies Policy</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('CookieBanner', () => {
  afterEach(() => resetCookieConsentForTests());

  it('is a labelled region with a Read More » link to /cookies-policy and a focusable OK button', async () => {
    renderBanner();
    const region = screen.getByRole('region', { name: 'Cookie consent' });
    expect(region).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read More »' })).toHaveAttribute('href', '/cookies-policy');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Read More »' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  });

  it("'OK' stores acceptCookies in local storage, hides the banner and tells other components", async () => {
    renderBanner();
    expect(localStorage.getItem(ACCEPT_COOKIES_KEY)).toBeNull();
    expect(screen.getByTestId('probe')).toHaveTextContent('not yet');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(localStorage.getItem(ACCEPT_COOKIES_KEY)).toBe('true');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(screen.getByTestId('probe')).toHaveTextContent('accepted');
  });

  it('stays hidden once accepted (a reload)', () => {
    localStorage.setItem(ACCEPT_COOKIES_KEY, 'true');
    renderBanner();
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('follows an acceptance made in another tab', () => {
    renderBanner();
    act(() => {
      localStorage.setItem(ACCEPT_COOKIES_KEY, 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: ACCEPT_COOKIES_KEY, newValue: 'true' }));
    });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('when local storage fails, logs it and still hides the banner for this page (docs/spec.md section 8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(warn).toHaveBeenCalled();
    expect(cookiesAccepted()).toBe(true);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it("the 'Read More »' link opens the cookies policy", async () => {
    const router = renderBanner();
    await userEvent.click(screen.getByRole('link', { name: 'Read More »' }));
    expect(router.state.location.pathname).toBe('/cookies-policy');
  });
});
