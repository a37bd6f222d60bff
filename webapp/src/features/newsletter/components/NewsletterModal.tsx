import { useId, useState } from 'react';
import { Modal } from '@/components/Modal';
import { useLocation } from '@/lib/router';
import { NewsletterForm } from './NewsletterForm';
import type { Subscribe } from '../hooks/useNewsletterForm';
import styles from './Newsletter.module.css';

/** docs/spec.md section 2: the modal opens by itself when the URL query contains 'newsletter'. */
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
 * Newsletter button). A modal dialog (components/Modal): labelled by its title, focus kept inside (Tab cycles),
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
