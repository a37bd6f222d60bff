import { lazy, Suspense, useState } from 'react';
import { useLocation } from '@/lib/router';
import type { Subscribe } from '../hooks/useNewsletterForm';

// The dialog (with components/Modal and its focus trap) is its own chunk: most visits never open it
// (docs/targets.md section 4.7).
const Dialog = lazy(async () => ({ default: (await import('./NewsletterDialog')).NewsletterDialog }));

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
  return (
    <Suspense fallback={null}>
      <Dialog onClose={close} send={send} returnFocusTo={openedBy} />
    </Suspense>
  );
}
