import styles from './CheckoutPage.module.css';

interface Props {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  required?: boolean;
  multiline?: boolean;
  /** The server's message for this field (authoritative), shown under it. */
  error?: string;
}

/**
 * A labelled checkout input with the server's message under it. `required` only marks the
 * label: the server validates every field (noValidate on the form).
 */
export function Field({ name, label, type = 'text', autoComplete, placeholder, required = false, multiline = false, error }: Props) {
  const id = `checkout-${name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    placeholder,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': required || undefined,
    className: styles.input,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {multiline ? <textarea {...common} rows={3} /> : <input {...common} type={type} />}
      {error && (
        <p className={styles.fieldError} id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
