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
 * Staff login (issue 5 item 10): email and password, POST /api/staff/login. On success the
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
    else navigate(next, { replace: true });
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
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
        <div className={styles.field}>
          <label htmlFor="staff-email">Email</label>
          <input
            id="staff-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="staff-password">Password</label>
          <input
            id="staff-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
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
