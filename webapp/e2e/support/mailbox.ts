import { request, type APIRequestContext } from '@playwright/test';
import { adminAccount } from './staff';

/**
 * Reading the embedded mail sink (`GET /api/dev/mailbox`) in end-to-end tests. The sink answers
 * signed-in admins only (docs/operations.md, "Security"), so this signs in through the API
 * (`POST /api/staff/login`) in a request context of its own, once per worker, and reads with it;
 * the page under test stays a plain visitor.
 *
 * The admin account: E2E_STAFF_EMAIL and E2E_STAFF_PASSWORD when both are set (scripts/test.sh
 * seeds `admin@halvard.gg` with DEMO_STAFF_PASSWORD and exports them); otherwise one is made with
 * `python -m services.api.cli create-staff` on the server's database (DATABASE_URL).
 */

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  created_at: string;
  sent_at: string | null;
}


let admin: Promise<APIRequestContext> | undefined;

async function signIn(baseURL: string): Promise<APIRequestContext> {
  // A fresh connection per request: the reader sits idle between tests, longer than the server
  // keeps a connection open, and a reused closed socket fails with ECONNRESET.
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { Connection: 'close' } });
  const answer = await context.post('/api/staff/login', { data: adminAccount() });
  if (!answer.ok()) throw new Error(`admin login for the mailbox failed: ${answer.status()} ${await answer.text()}`);
  return context;
}

/** The mails to `to` in the embedded outbox, newest first, read as a signed-in admin. */
export async function readMailbox(baseURL: string | undefined, to: string): Promise<OutboxMail[]> {
  admin ??= signIn(baseURL ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8000');
  const answer = await (await admin).get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  if (answer.status() !== 200) throw new Error(`GET /api/dev/mailbox: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()) as OutboxMail[];
}

/** Sign the mailbox reader out and close its request context (call from `test.afterAll`). */
export async function closeMailbox(): Promise<void> {
  if (!admin) return;
  const context = await admin;
  admin = undefined;
  await context.get('/logout', { maxRedirects: 0 }).catch(() => undefined);
  await context.dispose();
}
