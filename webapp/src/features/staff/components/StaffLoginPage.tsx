import { useId, useState, type FormEvent } from 'react';
import { paths } from '@/config/paths';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { useStaffRole, useStaffRoleStore } from '@/lib/staffRole';
import { LOGIN_MESSAGES, logIn } from '../api/staffApi';
import styles from './StaffLoginPage.module.css';

/**
 * Where to go after logging in: `next` when it is a path on this site (never another origin:
 * `//host` and `/\host` are refused), else the start page.
 */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.home;
  return next;
}

/** The admin UI is served by the server, not by the app: reach it with a full page load. */
function isServerPage(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}

/**
 * Staff login (docs/spec.md section 6): email and password, POST /api/staff/login. On success the
 * staff role is known at once (the banner shows) and the app goes to `?next=` or '/'. Errors
 * (wrong credentials 401, too many attempts 429, malformed 422, server failure) show in an
 * alert next to the form and the email field takes the focus back.
 */
export function StaffLoginPage() {
  const role = useStaffRole();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const next = safeNext(params.get('next'));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (!email.trim() || !password) {
      setError(LOGIN_MESSAGES.missing);
      (form.elements.namedItem(email.trim() ? 'password' : 'email') as HTMLInputElement | null)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const result = await logIn(email.trim(), password);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      setPassword('');
      (form.elements.namedItem('password') as HTMLInputElement | null)?.focus();
      return;
    }
    useStaffRoleStore.getState().setSessionRole(result.role);
    if (isServerPage(next)) window.location.assign(next);
    else void navigate(next, { replace: true });
  }

  const describedBy = error ? errorId : undefined;
  return (
    <div className={`container section ${styles.page}`}>
      <h1 className={styles.title}>Staff login</h1>
      {role && (
        <p className={styles.note}>
          You are already logged in as {role === 'admin' ? 'an admin' : 'a reviewer'}.{' '}
          <Link to={paths.home}>Back to the shop</Link>
        </p>
      )}
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
        <LoginField name="email" label="Email" type="email" autoComplete="username" value={email} onChange={setEmail} describedBy={describedBy} />
        <LoginField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          describedBy={describedBy}
        />
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </div>
  );
}

interface LoginFieldProps {
  name: 'email' | 'password';
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  /** The error message's id while there is one (the field is then marked invalid). */
  describedBy: string | undefined;
}

/** A required, labelled login input (id staff-{name}). */
function LoginField({ name, label, type, autoComplete, value, onChange, describedBy }: LoginFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={`staff-${name}`}>{label}</label>
      <input
        id={`staff-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={describedBy ? true : undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}
