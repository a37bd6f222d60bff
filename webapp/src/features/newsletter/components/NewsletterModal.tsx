import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '@/components/icons';
import { useLocation } from '@/lib/router';
import { NewsletterForm } from './NewsletterForm';
import type { Subscribe } from '../hooks/useNewsletterForm';
import styles from './Newsletter.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Spec section 2: the modal opens by itself when the URL query contains 'newsletter'. */
export const wantsNewsletter = (search: string) => search.includes('newsletter');

/**
 * The newsletter modal: opens on every navigation whose query contains 'newsletter' (closing it
 * keeps it closed until the next such navigation). A modal dialog: labelled by its title, focus
 * kept inside (Tab cycles), Escape, the close button or the backdrop closes it, and focus goes
 * back to where it was.
 */
export function NewsletterModal({ send }: { send?: Subscribe }) {
  const location = useLocation();
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const open = wantsNewsletter(location.search) && closedAt !== location.key;
  if (!open) return null;
  return <Dialog onClose={() => setClosedAt(location.key)} send={send} />;
}

function Dialog({ onClose, send }: { onClose: () => void; send?: Subscribe }) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    dialog.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
    return () => {
      document.body.style.overflow = overflow;
      if (previous && previous.isConnected && previous !== document.body) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && (document.activeElement === first || !dialog.current.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (document.activeElement === last || !dialog.current.contains(document.activeElement))) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={styles.backdrop} onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialog} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onKeyDown={onKeyDown}>
        <header className={styles.dialogHeader}>
          <h2 id={`${id}-title`} className={styles.dialogTitle}>
            Join the newsletter
          </h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        <p id={`${id}-text`} className="muted">
          Be first to hear about drops, restocks and tournament deals. No spam, unsubscribe any time.
        </p>
        <NewsletterForm source="modal" inputId="newsletter-modal-email" send={send} />
      </div>
    </div>,
    document.body,
  );
}
