import type { CSSProperties, ReactNode } from 'react';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { AppLink } from '@/components/AppLink';
import { Logo } from '@/components/icons';
import { Link } from '@/lib/router';
import type { FooterMenu } from '../types';
import styles from './Footer.module.css';

interface Props {
  menus: FooterMenu[];
  countrySelector?: ReactNode;
  /** The newsletter form (docs/spec.md section 2), given by the app (features do not import each other). */
  newsletter?: ReactNode;
}

export function Footer({ menus, countrySelector, newsletter }: Props) {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`} style={{ '--menus': menus.length } as CSSProperties}>
        <div className={styles.brand}>
          <Link to={paths.home} aria-label={`${SITE_NAME} home`} className={styles.logo}>
            <Logo />
          </Link>
          <p className="muted">Gear engineered for competitive play. Designed in Scandinavia, tuned by pros.</p>
          {countrySelector}
        </div>
        {menus.map((menu) => (
          <nav key={menu.id} aria-label={menu.name} className={styles.menu}>
            <h2 className={styles.menuTitle}>{menu.name}</h2>
            <ul>
              {menu.items.map((item) => (
                <li key={item.id}>
                  <AppLink href={item.url}>{item.title}</AppLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {newsletter && <div className={styles.newsletter}>{newsletter}</div>}
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>
          © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
