import { useId } from 'react';
import { NewsletterForm } from './NewsletterForm';
import styles from './Newsletter.module.css';

/** The footer's newsletter section (docs/spec.md section 2 "Footer: ... newsletter form"). */
export function NewsletterSignup() {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} id="newsletter">
      <h2 id={`${id}-title`} className={styles.title}>
        Newsletter
      </h2>
      <p className={`muted ${styles.blurb}`}>Drops, restocks and tournament deals. No spam.</p>
      <NewsletterForm source="footer" inputId="newsletter-email" />
    </section>
  );
}
