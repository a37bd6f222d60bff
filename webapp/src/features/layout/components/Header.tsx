import { useRef, useState, type ReactNode, type Ref } from 'react';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { CloseIcon, Logo, MailIcon, MenuIcon, SearchIcon } from '@/components/icons';
import { useFocusTrap } from '@/components/useFocusTrap';
import { Link, useLocation } from '@/lib/router';
import type { NavEntry } from '../types';
import { CartLink } from './CartLink';
import { DesktopNav } from './DesktopNav';
import { MobileMenu } from './MobileMenu';
import styles from './Header.module.css';

interface Props {
  menu: NavEntry[];
  cartCount: number;
  /** The shipping-country selector (owned by the country feature). */
  countrySelector?: ReactNode;
  /**
   * The top bar's shipping promise for the chosen country, in its currency (owned by the country
   * feature; docs/spec.md section 2.3 "Shipping promise").
   */
  shippingPromise?: ReactNode;
  /**
   * The Newsletter button was pressed (the top bar's, or the mobile menu's, which closes the
   * menu first): open the newsletter modal and, when it closes, give focus back to `returnFocusTo`
   * (the top bar button itself, or the menu button, since the mobile menu is gone by then).
   */
  onNewsletter?: (returnFocusTo: HTMLElement) => void;
  /**
   * The search box (owned by the search feature): rendered in the desktop bar, and with
   * `focusOnOpen` and the 'panel' variant in the mobile search panel.
   */
  renderSearch?: (options: { focusOnOpen?: boolean; className?: string; variant?: 'bar' | 'panel' }) => ReactNode;
}

/** Desktop header (top bar, logo, navigation, search) and, at ≤ 980 px, the mobile header. */
export function Header({ menu, cartCount, countrySelector, shippingPromise, onNewsletter, renderSearch }: Props) {
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

  // A new page closes the mobile menu, and the mobile search unless the page is the search page.
  const [shownPath, setShownPath] = useState(location.pathname);
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    setMenuOpen(false);
    if (location.pathname !== paths.searchPath) setSearchOpen(false);
  }

  return (
    <header className={styles.header}>
      <div className={styles.topbar}>
        <div className={`container ${styles.topbarInner}`}>
          <p className={styles.tagline}>{shippingPromise}</p>
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
          <PanelToggle
            ref={menuButton}
            className={`${styles.iconButton} ${styles.mobileOnly}`}
            open={menuOpen}
            controls="mobile-menu"
            name="menu"
            icon={<MenuIcon />}
            onToggle={() => setMenuOpen((open) => !open)}
          />

          <Link to={paths.home} className={styles.logo} aria-label={`${SITE_NAME} home`}>
            <Logo />
          </Link>

          <DesktopNav items={menu} />

          {renderSearch?.({ className: styles.desktopOnly })}

          <div className={`${styles.mobileActions} ${styles.mobileOnly}`}>
            <PanelToggle
              className={styles.iconButton}
              open={searchOpen}
              controls="mobile-search"
              name="search"
              icon={<SearchIcon />}
              onToggle={() => setSearchOpen((open) => !open)}
            />
            <CartLink count={cartCount} />
          </div>
        </div>
      </div>

      {searchOpen && (
        <div id="mobile-search" className={`${styles.mobilePanel} ${styles.mobileOnly}`}>
          <div className="container">
            {renderSearch?.({ focusOnOpen: true, variant: 'panel' })}
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

/** An icon button that opens and closes a mobile panel: 'Open {name}' / 'Close {name}', a close icon while open. */
function PanelToggle(props: { className: string; open: boolean; controls: string; name: string; icon: ReactNode; onToggle: () => void; ref?: Ref<HTMLButtonElement> }) {
  const { className, open, controls, name, icon, onToggle, ref } = props;
  return (
    <button ref={ref} type="button" className={className} aria-expanded={open} aria-controls={controls} aria-label={`${open ? 'Close' : 'Open'} ${name}`} onClick={onToggle}>
      {open ? <CloseIcon /> : icon}
    </button>
  );
}
