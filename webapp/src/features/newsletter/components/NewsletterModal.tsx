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

interface Props {
  /** Sends the sign-up (default: POST /api/newsletter); injected by tests. */
  send?: Subscribe;
  /**
   * The control that asked for the modal (the header's Newsletter button, or the mobile menu
   * button when the request came from the mobile menu): while set, the modal is open, and on
   * closing focus goes back to it. Null or absent: only the URL query opens the modal.
   */
  openedBy?: HTMLElement | null;
  /** Called when the modal closes (Escape, the close button, the backdrop). */
  onClose?: () => void;
}

/**
 * The newsletter modal: opens on every navigation whose query contains 'newsletter' (closing it
 * keeps it closed until the next such navigation), and whenever `openedBy` is set (the header's
 * Newsletter button). A modal dialog: labelled by its title, focus kept inside (Tab cycles),
 * Escape, the close button or the backdrop closes it, and focus goes back to the control that
 * opened it (or to where it was).
 */
export function NewsletterModal({ send, openedBy = null, onClose }: Props) {
  const location = useLocation();
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const open = openedBy !== null || (wantsNewsletter(location.search) && closedAt !== location.key);
  if (!open) return null;
  const close = () => {
    setClosedAt(location.key);
    onClose?.();
  };
  return <Dialog onClose={close} send={send} returnFocusTo={openedBy} />;
}

function Dialog({ onClose, send, returnFocusTo }: { onClose: () => void; send?: Subscribe; returnFocusTo: HTMLElement | null }) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const returnTo = useRef(returnFocusTo);

  useEffect(() => {
    // Safari does not focus a clicked button, so the opener is passed in rather than read here.
    const previous = returnTo.current ?? (document.activeElement as HTMLElement | null);
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
