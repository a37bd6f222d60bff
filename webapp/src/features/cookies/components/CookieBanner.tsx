import { useId } from 'react';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { acceptCookies, useCookiesAccepted } from '../store/consent';
import styles from './CookieBanner.module.css';

/**
 * The cookie banner (docs/spec.md section 2 "Footer"): a short note, 'Read More »' to /cookies-policy
 * and 'OK', which stores the acceptance under `acceptCookies` and hides the banner for good.
 * A labelled region (landmark) whose controls are an ordinary link and button.
 */
export function CookieBanner() {
  const accepted = useCookiesAccepted();
  const id = useId();
  if (accepted) return null;
  return (
    <section className={styles.banner} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        Cookie consent
      </h2>
      <p id={`${id}-text`} className={styles.text}>
        We use cookies to keep your cart and settings and, with your OK, to count page views so we can improve the shop.{' '}
        <Link to={paths.cookiesPolicy} className={styles.more}>
          Read More »
        </Link>
      </p>
      <button type="button" className={`button ${styles.ok}`} onClick={acceptCookies}>
        OK
      </button>
    </section>
  );
}
