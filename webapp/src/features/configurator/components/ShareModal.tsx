import { useEffect, useId, useRef, useState } from 'react';
import { Modal } from '@/components/Modal';
import { createShareUrl, ShareError } from '../api/shareApi';
import styles from './ShareModal.module.css';

export interface ShareModalProps {
  /** The configured product. */
  productId: number;
  /** The build: "layer_id:choice_id" keys. */
  keys: readonly string[];
  /** Escape, the Close button or the backdrop. */
  onClose: () => void;
}

const SHARE_TEXT = 'Check out the build I made';

/** Plain share links (no third-party scripts): each opens the network's own share page. */
export function socialLinks(url: string, text = SHARE_TEXT): { name: string; label: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { name: 'X', label: 'Share on X (Twitter)', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: 'Facebook', label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'Reddit', label: 'Share on Reddit', href: `https://www.reddit.com/submit?url=${u}&title=${t}` },
    { name: 'WhatsApp', label: 'Share on WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
    { name: 'E-mail', label: 'Share by e-mail', href: `mailto:?subject=${t}&body=${u}` },
  ];
}

type State = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed'; message: string };

/** Copies `text`: the Clipboard API, else the legacy copy command on the selected field. True when copied. */
async function copy(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    // Absent (or without writeText) outside a secure context: that throws here too.
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or not allowed here (no secure context): fall back to the selected text.
  }
  field?.focus();
  field?.select();
  try {
    return 'execCommand' in document && document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * The share dialog of the configurator (docs/spec.md section 2.13, "Share modal has link copy and
 * social buttons"; z-index 99999, section 9): creates the build's link with
 * POST /api/get-share-url (`host` = this page's origin), shows it in a read-only field with a
 * Copy link button (Clipboard API, else the text is selected for the shopper to copy; the outcome
 * in a polite status), and plain share links for X, Facebook, Reddit, WhatsApp and e-mail that
 * open in a new tab. A failed creation shows why and a Try again button. Focus is trapped while
 * open and returns to the opener on closing (components/Modal).
 */
export function ShareModal({ productId, keys, onClose }: ShareModalProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const introId = useId();
  const keysKey = keys.join('\n');

  useEffect(() => {
    const controller = new AbortController();
    createShareUrl(productId, keysKey ? keysKey.split('\n') : [], window.location.origin, controller.signal).then(
      ({ url }) => setState({ kind: 'ready', url }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ kind: 'failed', message: error instanceof ShareError ? error.message : 'We could not create a link right now. Please try again.' });
      },
    );
    return () => controller.abort();
  }, [productId, keysKey, attempt]);

  const retry = () => {
    setState({ kind: 'loading' });
    setStatus('');
    setAttempt((n) => n + 1);
  };

  const onCopy = async () => {
    if (state.kind !== 'ready') return;
    const copied = await copy(state.url, field.current);
    setStatus(copied ? 'Link copied' : 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.');
  };

  return (
    <Modal title="Share" describedBy={introId} onClose={onClose} className={styles.dialog} backdropClassName={styles.backdrop}>
      <p id={introId} className={styles.intro}>
        Anyone with this link sees the configurator with your choices.
      </p>
      {state.kind === 'loading' && (
        <p role="status">Creating your link…</p>
      )}
      {state.kind === 'failed' && (
        <div>
          <p className={styles.error} role="alert">
            {state.message}
          </p>
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {state.kind === 'ready' && (
        <>
          <label htmlFor={fieldId}>Link to your build</label>
          <div className={styles.linkRow}>
            <input ref={field} id={fieldId} className={styles.linkField} type="url" value={state.url} readOnly onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="button" onClick={() => void onCopy()}>
              Copy link
            </button>
          </div>
          <p className={styles.status} role="status" aria-live="polite">
            {status}
          </p>
          <ul className={styles.social} aria-label="Share on">
            {socialLinks(state.url).map((link) => (
              <li key={link.name}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={`${link.label} (opens in a new tab)`}>
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}

export default ShareModal;
