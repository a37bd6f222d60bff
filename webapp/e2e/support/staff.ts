import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The admin account end-to-end tests sign in with: E2E_STAFF_EMAIL and E2E_STAFF_PASSWORD when
 * both are set (scripts/test.sh seeds `admin@halvard.gg` with DEMO_STAFF_PASSWORD and exports
 * them); otherwise one is made once per worker with `python -m services.api.cli create-staff` on
 * the server's database (DATABASE_URL).
 */
export interface StaffAccount {
  email: string;
  password: string;
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let made: StaffAccount | undefined;

function createAdminWithCli(): StaffAccount {
  if (!process.env.DATABASE_URL) {
    throw new Error('Set E2E_STAFF_EMAIL and E2E_STAFF_PASSWORD, or DATABASE_URL of the server under test.');
  }
  const account = { email: `e2e-admin-${randomBytes(6).toString('hex')}@example.com`, password: `e2e-${randomBytes(12).toString('hex')}` };
  const venv = `${ROOT}.venv/bin/python`;
  execFileSync(existsSync(venv) ? venv : 'python', ['-m', 'services.api.cli', 'create-staff', account.email, '--role', 'admin'], {
    cwd: ROOT,
    env: { ...process.env, STAFF_PASSWORD: account.password },
    stdio: 'pipe',
  });
  return account;
}

/** The admin account of the module comment (made at most once per worker). */
export function adminAccount(): StaffAccount {
  const { E2E_STAFF_EMAIL: email, E2E_STAFF_PASSWORD: password } = process.env;
  if (email && password) return { email, password };
  made ??= createAdminWithCli();
  return made;
}

let madeSupport: StaffAccount | undefined;

/**
 * The support account (role support, docs/spec.md section 2.14): E2E_SUPPORT_EMAIL with
 * E2E_STAFF_PASSWORD when both are set (scripts/test.sh: the demo seed's `support@halvard.gg`
 * has DEMO_STAFF_PASSWORD); otherwise one made once per worker with `create-staff --role support`.
 */
export function supportAccount(): StaffAccount {
  const { E2E_SUPPORT_EMAIL: email, E2E_STAFF_PASSWORD: password } = process.env;
  if (email && password) return { email, password };
  if (!process.env.DATABASE_URL) {
    throw new Error('Set E2E_SUPPORT_EMAIL and E2E_STAFF_PASSWORD, or DATABASE_URL of the server under test.');
  }
  if (!madeSupport) {
    const account = { email: `e2e-support-${randomBytes(6).toString('hex')}@example.com`, password: `e2e-${randomBytes(12).toString('hex')}` };
    const venv = `${ROOT}.venv/bin/python`;
    execFileSync(existsSync(venv) ? venv : 'python', ['-m', 'services.api.cli', 'create-staff', account.email, '--role', 'support'], {
      cwd: ROOT,
      env: { ...process.env, STAFF_PASSWORD: account.password },
      stdio: 'pipe',
    });
    madeSupport = account;
  }
  return madeSupport;
}

let madeAnalyst: StaffAccount | undefined;

/**
 * The analyst account (role analyst, docs/spec.md section 2.15): E2E_ANALYST_EMAIL with
 * E2E_STAFF_PASSWORD when both are set (scripts/test.sh: the demo seed's `analyst@halvard.gg`
 * has DEMO_STAFF_PASSWORD); otherwise one made once per worker with `create-staff --role analyst`.
 */
export function analystAccount(): StaffAccount {
  const { E2E_ANALYST_EMAIL: email, E2E_STAFF_PASSWORD: password } = process.env;
  if (email && password) return { email, password };
  if (!process.env.DATABASE_URL) {
    throw new Error('Set E2E_ANALYST_EMAIL and E2E_STAFF_PASSWORD, or DATABASE_URL of the server under test.');
  }
  if (!madeAnalyst) {
    const account = { email: `e2e-analyst-${randomBytes(6).toString('hex')}@example.com`, password: `e2e-${randomBytes(12).toString('hex')}` };
    const venv = `${ROOT}.venv/bin/python`;
    execFileSync(existsSync(venv) ? venv : 'python', ['-m', 'services.api.cli', 'create-staff', account.email, '--role', 'analyst'], {
      cwd: ROOT,
      env: { ...process.env, STAFF_PASSWORD: account.password },
      stdio: 'pipe',
    });
    madeAnalyst = account;
  }
  return madeAnalyst;
}
