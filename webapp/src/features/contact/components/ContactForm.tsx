import { useEffect, useId, useRef, type FormEvent } from 'react';
import { TEXTS, TOPIC } from '../hooks/contactMachine';
import { useContactForm } from '../hooks/useContactForm';
import type { ContactField, ContactPayload, SendResult } from '../types';
import styles from './ContactPage.module.css';

interface Props {
  /** The host named in the server-error text (docs/spec.md section 8: support[at]{host}); default: this page's host. */
  host?: string;
  /** Sends the message (default: POST /api/mail); injected by tests. */
  send?: (payload: ContactPayload) => Promise<SendResult>;
}

const ORDER: ContactField[] = ['orderNumber', 'name', 'email', 'message'];

/**
 * The 'Get In Touch' form (docs/spec.md sections 2, 4, 5, 8): order number (numeric, optional), name,
 * email, message and the fixed topic. Idle shows the form with field messages; submitting
 * blocks a second submit; sent shows the thanks panel with 'Send another one' (name and email
 * kept); a server error shows the support address and 'Try again' (everything kept).
 */
export function ContactForm({ host = window.location.hostname, send }: Props) {
  const id = useId();
  const { state, edit, submit, sendAnother, tryAgain } = useContactForm(send);
  const { status, values, errors } = state;
  const panel = useRef<HTMLDivElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'errors' | 'message' | 'submit' | null>(null);

  // Move focus where the visitor needs it after each transition (panels, first bad field).
  useEffect(() => {
    if (status === 'sent' || status === 'error') {
      focusAfter.current = null;
      panel.current?.focus();
      return;
    }
    if (status !== 'idle' || !focusAfter.current) return;
    const target = focusAfter.current;
    focusAfter.current = null;
    const focusField = (name: ContactField) => document.getElementById(`${id}-${name}`)?.focus();
    if (target === 'errors') {
      const first = ORDER.find((field) => errors[field]);
      if (first) focusField(first);
    } else if (target === 'message') {
      focusField('message');
    } else {
      submitButton.current?.focus();
    }
  }, [id, status, errors]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (status !== 'idle') return; // double submit blocked
    focusAfter.current = 'errors';
    submit();
  };

  if (status === 'sent' || status === 'error') {
    // The two outcome panels: sent (a status, 'Send another' goes back to the message) and the
    // server error (an alert, 'Try again' goes back to Send with everything kept).
    const panelFor = {
      sent: { look: styles.success, role: 'status', text: TEXTS.sent, button: 'button button--ghost', label: TEXTS.sendAnother, focus: 'message', act: sendAnother },
      error: { look: styles.failure, role: 'alert', text: TEXTS.failed(host), button: 'button', label: TEXTS.tryAgain, focus: 'submit', act: tryAgain },
    } as const;
    const outcome = panelFor[status];
    return (
      <div ref={panel} tabIndex={-1} className={`${styles.panel} ${outcome.look}`} data-testid={`contact-${status}`}>
        <p className={styles.panelText} role={outcome.role}>
          {outcome.text}
        </p>
        <button
          type="button"
          className={outcome.button}
          onClick={() => {
            focusAfter.current = outcome.focus;
            outcome.act();
          }}
        >
          {outcome.label}
        </button>
      </div>
    );
  }

  const submitting = status === 'submitting';
  const field = (name: ContactField) => {
    const fieldId = `${id}-${name}`;
    const errorId = `${fieldId}-error`;
    return {
      id: fieldId,
      name,
      value: values[name],
      readOnly: submitting,
      className: styles.input,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? errorId : undefined,
      onChange: (event: { target: { value: string } }) => edit(name, event.target.value),
    };
  };
  const message = (name: ContactField) =>
    errors[name] ? (
      <p className={styles.fieldError} id={`${id}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={submitting} aria-label="Contact form">
      <div className={styles.field}>
        <label htmlFor={`${id}-orderNumber`} className={styles.label}>
          Order number <span className={styles.optional}>(optional)</span>
        </label>
        <input {...field('orderNumber')} type="text" inputMode="numeric" autoComplete="off" />
        {message('orderNumber')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-name`} className={styles.label}>
          Name
        </label>
        <input {...field('name')} type="text" autoComplete="name" maxLength={100} />
        {message('name')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`} className={styles.label}>
          Email <span aria-hidden="true">*</span>
        </label>
        <input {...field('email')} type="email" autoComplete="email" aria-required="true" />
        {message('email')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-topic`} className={styles.label}>
          Topic
        </label>
        <select id={`${id}-topic`} name="topic" className={styles.input} defaultValue={TOPIC}>
          <option value={TOPIC}>{TOPIC}</option>
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-message`} className={styles.label}>
          Message <span aria-hidden="true">*</span>
        </label>
        <textarea {...field('message')} rows={7} aria-required="true" maxLength={5000} />
        {message('message')}
      </div>
      <div>
        <button ref={submitButton} type="submit" className="button" disabled={submitting}>
          {submitting ? 'Sending…' : 'Send'}
        </button>
      </div>
    </form>
  );
}
