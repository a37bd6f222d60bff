import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { useFocusTrap } from './useFocusTrap';

/** A toggle button and its panel, apart in the document (like the mobile menu), a link between. */
function Disclosure() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(open, () => [button.current, panel.current], () => {
    setOpen(false);
    button.current?.focus();
  });
  return (
    <>
      <button ref={button} type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Menu
      </button>
      <a href="/between">Between</a>
      {open && (
        <div ref={panel}>
          <a href="/one">One</a>
          <button type="button" disabled>
            Off
          </button>
          <a href="/two">Two</a>
        </div>
      )}
      <a href="/after">After</a>
    </>
  );
}

describe('useFocusTrap', () => {
  it('cycles Tab and Shift+Tab through the button and the panel only, skipping what lies between', async () => {
    const user = userEvent.setup();
    render(<Disclosure />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus(); // already inside: stays

    const order = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      order.push(document.activeElement?.textContent);
    }
    expect(order).toEqual(['One', 'Two', 'Menu', 'One']);
    await user.tab({ shift: true });
    expect(document.activeElement).toHaveTextContent('Menu');
    await user.tab({ shift: true });
    expect(document.activeElement).toHaveTextContent('Two');
  });

  it('closes on Escape and stops trapping', async () => {
    const user = userEvent.setup();
    render(<Disclosure />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'One' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Between' })).toHaveFocus();
  });
});
