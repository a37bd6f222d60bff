import { useId, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
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
}

export function Footer({ menus, countrySelector }: Props) {
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
        <NewsletterPlaceholder />
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>
          © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
        </p>
        <Link to={paths.cookiesPolicy}>Cookies policy</Link>
      </div>
    </footer>
  );
}

/** Placeholder for the newsletter form (the real form is a later issue). */
function NewsletterPlaceholder() {
  const id = useId();
  const [sent, setSent] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
  };
  return (
    <section className={styles.newsletter} aria-labelledby={`${id}-title`} id="newsletter">
      <h2 id={`${id}-title`} className={styles.menuTitle}>
        Newsletter
      </h2>
      <p className="muted">Drops, restocks and tournament deals. No spam.</p>
      <form onSubmit={onSubmit} className={styles.newsletterForm}>
        <label htmlFor="newsletter-email" className="visually-hidden">
          Email address
        </label>
        <input id="newsletter-email" type="email" placeholder="you@example.com" autoComplete="email" required />
        <button type="submit" className="button">
          Sign up
        </button>
      </form>
      <p role="status" className={styles.newsletterNote}>
        {sent ? 'Thanks! Newsletter sign-up opens very soon.' : ''}
      </p>
    </section>
  );
}
