import type { CSSProperties, ReactNode } from 'react';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { AppLink } from '@/components/AppLink';
import { Logo } from '@/components/icons';
import { Link } from '@/lib/router';
import type { ShopInfo } from '../api/getShopInfo';
import type { FooterMenu } from '../types';
import styles from './Footer.module.css';

interface Props {
  menus: FooterMenu[];
  countrySelector?: ReactNode;
  /** The newsletter form (docs/spec.md section 2), given by the app (features do not import each other). */
  newsletter?: ReactNode;
  /** The seller and the payment methods it accepts (docs/spec.md section 2.16); parts missing are left out. */
  shopInfo?: ShopInfo;
}

/** A bank building, for the bank transfer badge. */
function BankIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M12 3 3 8v2h18V8l-9-5zM5 11v6h2v-6H5zm4 0v6h2v-6H9zm4 0v6h2v-6h-2zm4 0v6h2v-6h-2zM3 18v3h18v-3H3z" fill="currentColor" />
    </svg>
  );
}

export function Footer({ menus, countrySelector, newsletter, shopInfo }: Props) {
  const company = shopInfo?.company ?? null;
  const payments = shopInfo?.paymentMethods ?? [];
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
        <div className={styles.company}>
          <p>
            © {new Date().getFullYear()} {company ? company.legal_name : SITE_NAME}. All rights reserved.
          </p>
          {company && (
            <address data-testid="footer-company">
              {company.legal_name}, {company.street}, {company.postcode} {company.city}, {company.country} · {company.registration} · VAT ID {company.vat_id} ·{' '}
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </address>
          )}
        </div>
        {payments.length > 0 && (
          <div className={styles.payments}>
            <h2 className={styles.paymentsTitle} id="footer-payments">
              We accept
            </h2>
            <ul aria-labelledby="footer-payments" data-testid="footer-payments">
              {payments.map((method) => (
                <li key={method.id} className={styles.paymentBadge}>
                  {method.id === 'bacs' && <BankIcon />}
                  {method.title}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </footer>
  );
}
