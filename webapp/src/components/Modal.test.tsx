import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Modal } from './Modal';
import { useFocusTrap } from './useFocusTrap';

/** An opener button and a modal with a field and a link; `initialFocus` is passed through. */
function Page({ initialFocus, withOpener = true }: { initialFocus?: string; withOpener?: boolean }) {
  const [open, setOpen] = useState(!withOpener);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      {withOpener && (
        <button ref={opener} type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      )}
      <a href="/outside">Outside</a>
      {open && (
        <Modal title="Settings" describedBy="modal-text" onClose={() => setOpen(false)} returnFocusTo={withOpener ? opener : null} initialFocus={initialFocus}>
          <p id="modal-text">Change what you like.</p>
          <input aria-label="Name" type="text" />
          <a href="/more">More</a>
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('is a labelled, described modal dialog with focus on the Close button, and the page does not scroll', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Change what you like.');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('focuses the initialFocus element on opening', async () => {
    const user = userEvent.setup();
    render(<Page initialFocus="input" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const order = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      order.push(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
    }
    expect(order).toEqual(['Name', 'More', 'Close', 'Name']);
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'More' })).toHaveFocus();
  });

  it('closes with Escape and gives focus back to the opener, and the page scrolls again', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Outside' })).toHaveFocus(); // no trap any more
  });

  it('closes with the Close button and with a press on the backdrop, not with a press inside', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.mouseDown(screen.getByRole('textbox', { name: 'Name' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('gives focus back to where it was when no opener is given', () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    const { unmount } = render(<Page withOpener={false} />);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    unmount();
    expect(outside).toHaveFocus();
    outside.remove();
  });

  it('takes Tab and Escape from an outer trap while open (a dialog opened from a menu)', async () => {
    function MenuWithDialog() {
      const [menuOpen, setMenuOpen] = useState(true);
      const [dialogOpen, setDialogOpen] = useState(false);
      const menu = useRef<HTMLDivElement>(null);
      useFocusTrap(menuOpen, () => [menu.current], () => setMenuOpen(false));
      return (
        <>
          {menuOpen && (
            <div ref={menu}>
              <button type="button" onClick={() => setDialogOpen(true)}>
                Menu item
              </button>
            </div>
          )}
          {dialogOpen && (
            <Modal title="Inner" onClose={() => setDialogOpen(false)}>
              <a href="/inside">Inside</a>
            </Modal>
          )}
        </>
      );
    }
    const user = userEvent.setup();
    render(<MenuWithDialog />);
    await user.click(screen.getByRole('button', { name: 'Menu item' }));
    await user.tab();
    expect(screen.getByRole('link', { name: 'Inside' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu item' })).toHaveFocus(); // the menu is still open
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Menu item' })).not.toBeInTheDocument();
  });
});
