import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { LinkResult } from '../types';
import { NewsletterLinkPage } from './NewsletterLinkPage';

const TOKEN = 'A'.repeat(20) + '_-b'.repeat(8);

function renderPage(kind: 'confirm' | 'unsubscribe', url: string, act: (token: string) => Promise<LinkResult>) {
  const router = createMemoryRouter([{ path: '/newsletter/:kind', element: <NewsletterLinkPage kind={kind} act={act} /> }], { initialEntries: [url] });
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}

const deferred = () => {
  let resolve!: (result: LinkResult) => void;
  const promise = new Promise<LinkResult>((r) => (resolve = r));
  return { promise, resolve };
};

describe('NewsletterLinkPage confirm', () => {
  it('confirms with the token from the link as it opens (one request, even with strict double effects), then says so', async () => {
    const call = deferred();
    const act = vi.fn(() => call.promise);
    renderPage('confirm', `/newsletter/confirm?token=${TOKEN}`, act);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your subscription…' })).toBeInTheDocument();
    expect(act).toHaveBeenCalledTimes(1);
    expect(act).toHaveBeenCalledWith(TOKEN);
    call.resolve('done');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
    expect(act).toHaveBeenCalledTimes(1);
  });

  it('an expired link offers to sign up again (the ?newsletter modal)', async () => {
    renderPage('confirm', `/newsletter/confirm?token=${TOKEN}`, () => Promise.resolve('expired'));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/?newsletter');
  });

  it('a link without a token does not call the server and is not valid', () => {
    const act = vi.fn((): Promise<LinkResult> => Promise.resolve('done'));
    renderPage('confirm', '/newsletter/confirm', act);
    expect(screen.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
    expect(act).not.toHaveBeenCalled();
  });

  it('a server failure shows the spec text and "Try again" calls once more', async () => {
    const results: LinkResult[] = ['failed', 'done'];
    const act = vi.fn(() => Promise.resolve(results.shift() as LinkResult));
    renderPage('confirm', `/newsletter/confirm?token=${TOKEN}`, act);
    expect(await screen.findByText('Something went wrong, please try again later')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeInTheDocument();
    expect(act).toHaveBeenCalledTimes(2);
  });
});

describe('NewsletterLinkPage unsubscribe', () => {
  it('unsubscribes with one click (opening the page) and offers to sign up again', async () => {
    const act = vi.fn((): Promise<LinkResult> => Promise.resolve('done'));
    renderPage('unsubscribe', `/newsletter/unsubscribe?token=${TOKEN}`, act);
    expect(await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeInTheDocument();
    expect(act).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/?newsletter');
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  });

  it('an unknown link says it does not work', async () => {
    renderPage('unsubscribe', `/newsletter/unsubscribe?token=${TOKEN}`, () => Promise.resolve('invalid'));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
  });
});
