import { useId } from 'react';
import { Modal } from '@/components/Modal';
import type { Subscribe } from '../hooks/useNewsletterForm';
import { NewsletterForm } from './NewsletterForm';
import styles from './Newsletter.module.css';

/**
 * The newsletter modal's dialog (docs/spec.md section 2): title, one line of text and the sign-up
 * form (source 'modal'); a modal dialog (components/Modal) that traps focus, closes on Escape,
 * the close button or the backdrop, and gives focus back to `returnFocusTo`.
 */
export function NewsletterDialog({ onClose, send, returnFocusTo }: { onClose: () => void; send?: Subscribe; returnFocusTo: HTMLElement | null }) {
  const id = useId();
  return (
    <Modal
      title="Join the newsletter"
      describedBy={`${id}-text`}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      initialFocus='input[type="email"]'
      className={styles.dialog}
    >
      <p id={`${id}-text`} className="muted">
        Be first to hear about drops, restocks and tournament deals. No spam, unsubscribe any time.
      </p>
      <NewsletterForm source="modal" inputId="newsletter-modal-email" send={send} />
    </Modal>
  );
}
