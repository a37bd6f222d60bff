import { useEffect, useRef, useState, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { CloseIcon, Logo, MailIcon, MenuIcon, SearchIcon } from '@/components/icons';
import { useFocusTrap } from '@/components/useFocusTrap';
import { Link, useLocation } from '@/lib/router';
import type { NavEntry } from '../types';
import { CartLink } from './CartLink';
import { DesktopNav } from './DesktopNav';
import { MobileMenu } from './MobileMenu';
import { SearchBox } from './SearchBox';
import styles from './Header.module.css';

interface Props {
  menu: NavEntry[];
  cartCount: number;
  /** The shipping-country selector (owned by the country feature). */
  countrySelector?: ReactNode;
  /**
   * The Newsletter button was pressed (the top bar's, or the mobile menu's, which closes the
   * menu first): open the newsletter modal and, when it closes, give focus back to `returnFocusTo`
   * (the top bar button itself, or the menu button, since the mobile menu is gone by then).
   */
  onNewsletter?: (returnFocusTo: HTMLElement) => void;
}

/** Desktop header (top bar, logo, navigation, search) and, at ≤ 980 px, the mobile header. */
export function Header({ menu, cartCount, countrySelector, onNewsletter }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const location = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  // The open mobile menu keeps keyboard focus (its button and the drawer); Escape closes it.
  useFocusTrap(menuOpen, () => [menuButton.current, drawer.current], () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  });

  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);
  useEffect(() => {
    if (location.pathname !== paths.searchPath) setSearchOpen(false);
  }, [location.pathname]);

  return (
    <header className={styles.header}>
      <div className={styles.topbar}>
        <div className={`container ${styles.topbarInner}`}>
          <p className={styles.tagline}>Free shipping in the EU on orders over €99</p>
          <div className={styles.topbarActions}>
            <button type="button" className={styles.topbarButton} aria-haspopup="dialog" onClick={(event) => onNewsletter?.(event.currentTarget)}>
              <MailIcon width={16} height={16} /> Newsletter
            </button>
            {countrySelector}
            <CartLink count={cartCount} />
          </div>
        </div>
      </div>

      <div className={styles.bar}>
        <div className={`container ${styles.barInner}`}>
          <button
            ref={menuButton}
            type="button"
            className={`${styles.iconButton} ${styles.mobileOnly}`}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>

          <Link to={paths.home} className={styles.logo} aria-label={`${SITE_NAME} home`}>
            <Logo />
          </Link>

          <DesktopNav items={menu} />

          <SearchBox className={styles.desktopOnly} />

          <div className={`${styles.mobileActions} ${styles.mobileOnly}`}>
            <button
              type="button"
              className={styles.iconButton}
              aria-expanded={searchOpen}
              aria-controls="mobile-search"
              aria-label={searchOpen ? 'Close search' : 'Open search'}
              onClick={() => setSearchOpen((open) => !open)}
            >
              {searchOpen ? <CloseIcon /> : <SearchIcon />}
            </button>
            <CartLink count={cartCount} />
          </div>
        </div>
      </div>

      {searchOpen && (
        <div id="mobile-search" className={`${styles.mobilePanel} ${styles.mobileOnly}`}>
          <div className="container">
            <SearchBox autoFocus />
          </div>
        </div>
      )}
      {menuOpen && (
        <MobileMenu
          ref={drawer}
          id="mobile-menu"
          items={menu}
          footer={countrySelector}
          onNewsletter={
            onNewsletter &&
            (() => {
              setMenuOpen(false);
              if (menuButton.current) onNewsletter(menuButton.current);
            })
          }
        />
      )}
    </header>
  );
}
