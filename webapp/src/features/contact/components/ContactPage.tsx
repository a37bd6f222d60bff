import { PageHeading } from '@/components/PageHeading';
import { SafeHtml } from '@/components/SafeHtml';
import { ContactForm } from './ContactForm';
import styles from './ContactPage.module.css';

interface Props {
  /** The intro from the CMS page 'contact' (sanitised here), when there is one. */
  introHtml?: string | null;
  /** Forwarded to the form (tests). */
  host?: string;
}

const DEFAULT_INTRO = 'Questions about an order, a product or a return? Send us a message and our support team will answer as soon as it can.';

/** The contact page 'Get In Touch' (docs/spec.md section 2): intro content and the contact form. */
export function ContactPage({ introHtml, host }: Props) {
  return (
    <div className={`container section ${styles.page}`}>
      <div className={styles.intro}>
        <PageHeading title="Get In Touch" />
        {introHtml ? <SafeHtml html={introHtml} className="rich-text" /> : <p className="muted">{DEFAULT_INTRO}</p>}
      </div>
      <div className={styles.card}>
        <ContactForm host={host} />
      </div>
    </div>
  );
}
