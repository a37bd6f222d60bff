import { useEffect, useEffectEvent, useId, useImperativeHandle, useRef, type ReactNode, type Ref, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import { useFocusTrap } from './useFocusTrap';
import styles from './Modal.module.css';

export interface ModalProps {
  /** The dialog's title (an h2 next to the Close button); it names the dialog. */
  title: ReactNode;
  /** Id of the element in `children` that describes the dialog, if any. */
  describedBy?: string;
  /** Escape, the Close button or a press on the backdrop. */
  onClose: () => void;
  /**
   * Gets focus back when the dialog closes (default: whatever had focus when it opened). Pass the
   * control that opened it: Safari does not focus a clicked button.
   */
  returnFocusTo?: HTMLElement | null | RefObject<HTMLElement | null>;
  /** Selector of the element focused on opening (default: the first focusable, the Close button). */
  initialFocus?: string;
  /** The modal's own class for the dialog panel (its width and layout). */
  className?: string;
  /** The modal's own class for the backdrop (a modal stacked over another one sets its z-index). */
  backdropClassName?: string;
  /** The dialog panel element. */
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}

const element = (target: ModalProps['returnFocusTo']) => (target && 'current' in target ? target.current : target) ?? null;

/**
 * A modal dialog over a backdrop, in a portal on document.body: labelled by its title, the page
 * does not scroll behind it, focus moves inside on opening (`initialFocus`) and stays inside (Tab
 * and Shift+Tab cycle, useFocusTrap), Escape, the Close button or a press on the backdrop calls
 * `onClose`, and on closing focus goes back to `returnFocusTo` (or to where it was).
 */
export function Modal({ title, describedBy, onClose, returnFocusTo, initialFocus, className, backdropClassName, ref, children }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  // Once per opening (declared before the trap, so the trap finds focus already inside).
  const open = useEffectEvent(() => {
    const previous = element(returnFocusTo) ?? (document.activeElement as HTMLElement | null);
    if (initialFocus) dialog.current?.querySelector<HTMLElement>(initialFocus)?.focus();
    return previous;
  });
  useEffect(() => {
    const previous = open();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (previous && previous.isConnected && previous !== document.body) previous.focus();
    };
  }, []);
  useFocusTrap(true, () => [dialog.current], onClose);

  useImperativeHandle(ref, () => dialog.current!, []);

  return createPortal(
    // A press on the backdrop itself (not the dialog) closes, as Escape does for the keyboard.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a pointer convenience only: keyboard users close with Escape or the Close button
    <div className={[styles.backdrop, backdropClassName ?? ''].join(' ').trim()} onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialog}
        className={[styles.dialog, className ?? ''].join(' ').trim()}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        {children}
      </div>
    </div>,
    document.body,
  );
}
