import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { NewsletterModal, wantsNewsletter } from './NewsletterModal';

function renderAt(url: string) {
  const send = vi.fn(() => Promise.resolve('sent' as const));
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <button type="button">Outside</button>
            <NewsletterModal send={send} />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return { router, send };
}

describe('wantsNewsletter', () => {
  it("is true when the query contains 'newsletter' anywhere", () => {
    expect(wantsNewsletter('?newsletter')).toBe(true);
    expect(wantsNewsletter('?utm_source=x&newsletter=1')).toBe(true);
    expect(wantsNewsletter('?signup=newsletter')).toBe(true);
    expect(wantsNewsletter('')).toBe(false);
    expect(wantsNewsletter('?query=mice')).toBe(false);
  });
});

describe('NewsletterModal', () => {
  it('stays closed without newsletter in the query', () => {
    renderAt('/keyboards');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens by itself on ?newsletter as a labelled modal dialog with focus on the email field', async () => {
    renderAt('/?newsletter');
    const dialog = await screen.findByRole('dialog', { name: 'Join the newsletter' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // Focus moves in the dialog's effect, just after the lazy chunk's first paint.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveFocus());
    expect(screen.getByRole('checkbox', { name: /privacy policy/ })).not.toBeChecked();
  });

  it('closes with Escape and stays closed until the next navigation with newsletter in the query', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/?newsletter=1');
    await screen.findByRole('dialog'); // the dialog is a lazy chunk
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => router.navigate('/mice'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => router.navigate('/mice?newsletter'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('closes with the close button and with a click on the backdrop', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/?newsletter');
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => router.navigate('/?newsletter&again'));
    const backdrop = (await screen.findByRole('dialog')).parentElement as HTMLElement;
    await user.pointer({ keys: '[MouseLeft]', target: backdrop });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps focus inside: Tab from the last control goes to the first and Shift+Tab back', async () => {
    const user = userEvent.setup();
    renderAt('/?newsletter');
    const close = await screen.findByRole('button', { name: 'Close' });
    const signUp = screen.getByRole('button', { name: 'Sign up' });
    const checkbox = screen.getByRole('checkbox');
    const link = screen.getByRole('link', { name: 'privacy policy' });
    link.focus();
    await user.tab();
    expect(close).toHaveFocus(); // wrapped from the last focusable control to the first
    await user.tab({ shift: true });
    expect(link).toHaveFocus();
    expect([signUp, checkbox].every((el) => screen.getByRole('dialog').contains(el))).toBe(true);
  });

  it('submits from the modal with source modal, only with the box ticked', async () => {
    const user = userEvent.setup();
    const { send } = renderAt('/?newsletter');
    await user.type(await screen.findByRole('textbox', { name: 'Email address' }), 'ada@example.com{Enter}');
    expect(send).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(send).toHaveBeenCalledWith({ email: 'ada@example.com', tags: ['storefront'], source: 'modal' });
    expect(await screen.findByText(/Thanks for signing up!/)).toBeInTheDocument();
  });
});

/** The root layout's wiring: a button hands itself to the modal as `openedBy`; closing clears it. */
function OpenedByButton({ send }: { send: () => Promise<'sent'> }) {
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={(event) => setOpener(event.currentTarget)}>
        Newsletter
      </button>
      <a href="/elsewhere">Elsewhere</a>
      <NewsletterModal send={send} openedBy={opener} onClose={() => setOpener(null)} />
    </>
  );
}

function renderWithButton(url = '/keyboards') {
  const send = vi.fn(() => Promise.resolve('sent' as const));
  const router = createMemoryRouter([{ path: '*', element: <OpenedByButton send={send} /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { router, send };
}

describe('NewsletterModal opened by a button (the header)', () => {
  it('opens on the click without touching the URL, with focus on the email field', async () => {
    const user = userEvent.setup();
    const { router } = renderWithButton();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Newsletter' }));
    expect(await screen.findByRole('dialog', { name: 'Join the newsletter' })).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveFocus();
    expect(router.state.location.pathname + router.state.location.search).toBe('/keyboards');
  });

  it('closes on Escape and gives focus back to the button; it opens again on the next click', async () => {
    const user = userEvent.setup();
    renderWithButton();
    const button = screen.getByRole('button', { name: 'Newsletter' });
    await user.click(button);
    await screen.findByRole('dialog'); // the dialog is a lazy chunk
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('gives focus back to the opener even when the browser did not focus it on click (Safari)', async () => {
    const user = userEvent.setup();
    renderWithButton();
    const button = screen.getByRole('button', { name: 'Newsletter' });
    screen.getByRole('link', { name: 'Elsewhere' }).focus();
    act(() => {
      button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(button).toHaveFocus();
  });

  it('traps focus: Tab and Shift+Tab never leave the dialog', async () => {
    const user = userEvent.setup();
    renderWithButton();
    await user.click(screen.getByRole('button', { name: 'Newsletter' }));
    const dialog = await screen.findByRole('dialog');
    for (let i = 0; i < 8; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    for (let i = 0; i < 8; i += 1) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('signs up from the modal with source modal', async () => {
    const user = userEvent.setup();
    const { send } = renderWithButton();
    await user.click(screen.getByRole('button', { name: 'Newsletter' }));
    await user.type(await screen.findByRole('textbox', { name: 'Email address' }), 'ada@example.com');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(send).toHaveBeenCalledWith({ email: 'ada@example.com', tags: ['storefront'], source: 'modal' });
  });
});
