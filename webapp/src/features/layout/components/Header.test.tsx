import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import type { Menu } from '@/types/api';
import { buildMainMenu } from '../hooks/buildMenu';
import { Header } from './Header';

const menus: Menu[] = [
  {
    id: 1,
    name: 'Main',
    slug: 'main',
    items: [
      { id: 10, title: 'Home', url: 'https://halvard.gg/wp/', slug: 'home', parent: 0, position: 0, in_menu: true, parent_link: null },
      { id: 11, title: 'Keyboards', url: 'https://halvard.gg/wp/category/keyboards/', slug: 'keyboards', parent: 0, position: 1, in_menu: true, parent_link: 'first' },
      { id: 12, title: 'Mice', url: 'https://halvard.gg/wp/category/mice/', slug: 'mice', parent: 0, position: 2, in_menu: true, parent_link: 'last' },
      { id: 13, title: 'Secret', url: 'https://halvard.gg/wp/secret/', slug: 'secret', parent: 0, position: 3, in_menu: false, parent_link: null },
      { id: 14, title: 'Support', url: 'https://halvard.gg/wp/contact/', slug: 'contact', parent: 0, position: 4, in_menu: true, parent_link: null },
      { id: 15, title: 'Headsets', url: 'https://halvard.gg/wp/category/headsets/', slug: 'headsets', parent: 0, position: 5, in_menu: true, parent_link: null },
      { id: 21, title: 'Keyboard switches', url: 'https://halvard.gg/wp/category/keyboard-switches/', slug: 'keyboard-switches', parent: 11, position: 1, in_menu: false, parent_link: null },
      { id: 22, title: 'Keyboard accessories', url: 'https://halvard.gg/wp/category/keyboard-accessories/', slug: 'keyboard-accessories', parent: 11, position: 2, in_menu: false, parent_link: null },
      { id: 31, title: 'Mouse accessories', url: 'https://halvard.gg/wp/category/mouse-accessories/', slug: 'mouse-accessories', parent: 12, position: 1, in_menu: false, parent_link: null },
      { id: 41, title: 'Spare parts', url: 'https://halvard.gg/wp/category/headset-spare-parts/', slug: 'headset-spare-parts', parent: 15, position: 1, in_menu: false, parent_link: null },
    ],
  },
  { id: 2, name: 'Footer', slug: 'footer', items: [] },
];

function renderHeader(count = 0, url = '/', onNewsletter?: (returnFocusTo: HTMLElement) => void) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Header
            menu={buildMainMenu(menus)}
            cartCount={count}
            countrySelector={<span>country</span>}
            onNewsletter={onNewsletter}
            renderSearch={({ variant }) => <form role="search" aria-label={`search ${variant ?? 'bar'}`} />}
          />
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('buildMainMenu', () => {
  it('drops the first item, keeps only items flagged for the menu, groups children under their parent', () => {
    const menu = buildMainMenu(menus);
    expect(menu.map((i) => i.title)).toEqual(['Keyboards', 'Mice', 'Support', 'Headsets']);
    expect(menu[0].children.map((c) => c.title)).toEqual(['Keyboards', 'Keyboard switches', 'Keyboard accessories']);
    expect(menu[1].children.map((c) => c.title)).toEqual(['Mouse accessories', 'Mice']);
    expect(menu[2].children).toEqual([]);
    expect(menu[3].children.map((c) => c.title)).toEqual(['Spare parts']);
  });

  it('returns nothing without a main menu', () => {
    expect(buildMainMenu([{ id: 1, name: 'Other', slug: 'other', items: menus[0].items }])).toEqual([]);
  });
});

describe('Header', () => {
  it('renders the main navigation from menu data, without the start page and hidden items', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Home' })).not.toBeInTheDocument();
    expect(within(nav).queryByText('Secret')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/contact');
    expect(within(nav).getByRole('button', { name: 'Keyboards' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('groups children into dropdowns with the parent link first or last', async () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Keyboards' }));
    expect(within(nav).getByRole('button', { name: 'Keyboards' })).toHaveAttribute('aria-expanded', 'true');

    const keyboards = within(nav).getByRole('list', { name: 'Keyboards' });
    expect(within(keyboards).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Keyboards', '/keyboards'],
      ['Keyboard switches', '/keyboard-switches'],
      ['Keyboard accessories', '/keyboard-accessories'],
    ]);
    const mice = within(nav).getByRole('list', { name: 'Mice', hidden: true });
    expect(within(mice).getAllByRole('link', { hidden: true }).map((a) => a.textContent)).toEqual(['Mouse accessories', 'Mice']);
    const headsets = within(nav).getByRole('list', { name: 'Headsets', hidden: true });
    expect(within(headsets).getAllByRole('link', { hidden: true }).map((a) => a.textContent)).toEqual(['Spare parts']);
  });

  it('hides the cart count at 0', () => {
    renderHeader(0);
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Cart' })) expect(link).toHaveAttribute('href', '/cart');
  });

  it('shows the cart count above 0', () => {
    renderHeader(3);
    expect(screen.getAllByTestId('cart-count')[0]).toHaveTextContent('3');
    expect(screen.getAllByRole('link', { name: 'Cart, 3 items' }).length).toBeGreaterThan(0);
  });

  it('has the top bar controls: newsletter button and country selector', () => {
    renderHeader();
    expect(screen.getByRole('button', { name: /newsletter/i })).toBeInTheDocument();
    expect(screen.getByText('country')).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
  });

  it("the top bar's Newsletter button asks for the newsletter dialog and names itself as the one to refocus", async () => {
    const onNewsletter = vi.fn();
    renderHeader(0, '/', onNewsletter);
    const button = screen.getByRole('button', { name: 'Newsletter' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(button);
    expect(onNewsletter).toHaveBeenCalledTimes(1);
    expect(onNewsletter).toHaveBeenCalledWith(button);
  });

  it("the mobile menu's Newsletter button closes the menu and names the menu button as the one to refocus", async () => {
    const onNewsletter = vi.fn();
    renderHeader(0, '/', onNewsletter);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = document.getElementById('mobile-menu') as HTMLElement;
    await userEvent.click(within(drawer).getByRole('button', { name: 'Newsletter' }));
    expect(document.getElementById('mobile-menu')).toBeNull();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(onNewsletter).toHaveBeenCalledWith(menuButton);
  });

  it('has no mobile Newsletter button when nobody handles it', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(within(document.getElementById('mobile-menu') as HTMLElement).queryByRole('button', { name: 'Newsletter' })).toBeNull();
  });

  it('has the mobile header: hamburger menu, search toggle and cart icon', async () => {
    renderHeader(2);
    const hamburger = screen.getByRole('button', { name: 'Open menu' });
    const searchToggle = screen.getByRole('button', { name: 'Open search' });
    expect(screen.getAllByRole('link', { name: 'Cart, 2 items' })).toHaveLength(2);

    await userEvent.click(hamburger);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const mobileNav = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(mobileNav).getByRole('link', { name: 'Support' })).toBeInTheDocument();

    await userEvent.click(searchToggle);
    expect(screen.getAllByRole('search')).toHaveLength(2);
  });
});

describe('buildFooterMenus', () => {
  it('turns parents into columns and collects the leaves under the menu name', async () => {
    const { buildFooterMenus } = await import('../hooks/buildMenu');
    const columns = buildFooterMenus([
      menus[0],
      {
        id: 2,
        name: 'Footer',
        slug: 'footer',
        items: [
          { id: 201, title: 'Support', url: '/contact', parent: 0, position: 0, in_menu: true, parent_link: null, slug: '' },
          { id: 202, title: 'Contact', url: '/contact', parent: 201, position: 1, in_menu: false, parent_link: null, slug: '' },
          { id: 206, title: 'Press', url: '/press', parent: 0, position: 5, in_menu: true, parent_link: null, slug: '' },
        ],
      },
      { id: 3, name: 'Legal', slug: 'legal', items: [{ id: 301, title: 'Privacy', url: '/privacy', parent: 0, position: 0, in_menu: true, parent_link: null, slug: '' }] },
    ]);
    expect(columns.map((c) => [c.name, c.items.map((i) => i.title)])).toEqual([
      ['Support', ['Contact']],
      ['Explore', ['Press']],
      ['Legal', ['Privacy']],
    ]);
  });

  it('shows each target once: a link an earlier column has (same route, however written) is left out', async () => {
    const { buildFooterMenus } = await import('../hooks/buildMenu');
    const columns = buildFooterMenus([
      menus[0],
      {
        id: 2,
        name: 'Footer',
        slug: 'footer',
        items: [
          { id: 201, title: 'Support', url: '/contact', parent: 0, position: 0, in_menu: true, parent_link: null, slug: '' },
          { id: 202, title: 'Contact', url: 'https://halvard.gg/wp/contact/', parent: 201, position: 1, in_menu: false, parent_link: null, slug: '' },
          { id: 205, title: 'Cookies policy', url: 'https://halvard.gg/wp/cookies-policy/', parent: 201, position: 2, in_menu: false, parent_link: null, slug: '' },
          { id: 206, title: 'Cookies', url: '/cookies-policy', parent: 0, position: 3, in_menu: true, parent_link: null, slug: '' },
        ],
      },
      {
        id: 3,
        name: 'Legal',
        slug: 'legal',
        items: [
          { id: 301, title: 'Privacy policy', url: 'https://halvard.gg/wp/privacy-policy/', parent: 0, position: 0, in_menu: true, parent_link: null, slug: '' },
          { id: 303, title: 'Cookies policy', url: 'https://halvard.gg/wp/cookies-policy/', parent: 0, position: 1, in_menu: true, parent_link: null, slug: '' },
          { id: 304, title: 'Partner shop', url: 'https://partner.example/cookies-policy', parent: 0, position: 2, in_menu: true, parent_link: null, slug: '' },
        ],
      },
    ]);
    // 'Explore' held only a duplicate, so it is gone; another site's /cookies-policy is another target.
    expect(columns.map((c) => [c.name, c.items.map((i) => i.title)])).toEqual([
      ['Support', ['Contact', 'Cookies policy']],
      ['Legal', ['Privacy policy', 'Partner shop']],
    ]);
  });
});
