import { useRef, type FormEvent } from 'react';
import { paths } from '@/config/paths';
import { TEXTS } from '../hooks/newsletterMachine';
import { useNewsletterForm, type Subscribe } from '../hooks/useNewsletterForm';
import type { NewsletterSource } from '../types';
import styles from './Newsletter.module.css';

const DEFAULT_TAGS = ['storefront'] as const;

interface Props {
  source: NewsletterSource;
  /** The email input's id (unique on the page: the footer's form and the modal's may both be there). */
  inputId: string;
  tags?: readonly string[];
  /** Sends the sign-up (default: POST /api/newsletter); injected by tests. */
  send?: Subscribe;
}

/**
 * The newsletter form (docs/spec.md sections 2, 4, 5, 8): email and the required privacy-policy box.
 * Without the box ticked a submission is ignored (focus goes to the box); a bad address shows
 * 'Please enter a valid email'; a server failure 'Something went wrong, please try again later'.
 */
export function NewsletterForm({ source, inputId, tags = DEFAULT_TAGS, send }: Props) {
  const { state, edit, setConsent, submit } = useNewsletterForm(source, tags, send);
  const consentBox = useRef<HTMLInputElement>(null);
  const messageId = `${inputId}-message`;
  const consentId = `${inputId}-consent`;
  const submitting = state.status === 'submitting';

  if (state.status === 'sent') {
    return (
      <p className={styles.sent} role="status">
        {TEXTS.sent}
      </p>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!state.consent) {
      consentBox.current?.focus(); // docs/spec.md section 5: ignored without the box; show the visitor where to look
      return;
    }
    submit();
  };

  const message = state.status === 'invalid' ? TEXTS.invalidEmail : state.status === 'error' ? TEXTS.failed : '';

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={submitting}>
      <div className={styles.row}>
        <label htmlFor={inputId} className="visually-hidden">
          Email address
        </label>
        <input
          id={inputId}
          type="email"
          name="email"
          placeholder="you@example.com"
          autoComplete="email"
          className={styles.input}
          value={state.email}
          readOnly={submitting}
          aria-invalid={state.status === 'invalid' ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={(event) => edit(event.target.value)}
        />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Signing up…' : 'Sign up'}
        </button>
      </div>
      <div className={styles.consent}>
        <input
          ref={consentBox}
          id={consentId}
          type="checkbox"
          name="privacy"
          checked={state.consent}
          disabled={submitting}
          aria-required="true"
          onChange={(event) => setConsent(event.target.checked)}
        />
        <label htmlFor={consentId}>
          I have read and accept the{' '}
          <a href={paths.privacyPolicy} target="_blank" rel="noopener">
            privacy policy
          </a>
        </label>
      </div>
      <p id={messageId} className={state.status === 'error' ? styles.error : styles.invalid} role={state.status === 'error' ? 'alert' : 'status'}>
        {message}
      </p>
    </form>
  );
}
