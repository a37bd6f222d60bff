/** Where a sign-up comes from (sent as `source`; stored with the subscription). */
export type NewsletterSource = 'footer' | 'modal';

/** The body of POST /api/newsletter (docs/spec.md section 7: {email, tags}, plus our `source`). */
export interface NewsletterPayload {
  email: string;
  tags: string[];
  source: NewsletterSource;
}

/** What POST /api/newsletter came to: 200 sent, 422 invalid email, anything else failed. */
export type SubscribeResult = 'sent' | 'invalid' | 'failed';

/**
 * The form's states (docs/spec.md section 4: idle, invalid email, sent, server error; submitting while
 * the request is on its way). `consent` is the privacy-policy box; `attempt` numbers submissions.
 */
export interface NewsletterState {
  status: 'idle' | 'invalid' | 'submitting' | 'sent' | 'error';
  email: string;
  consent: boolean;
  attempt: number;
}

export type NewsletterEvent =
  | { type: 'edit'; email: string }
  | { type: 'consent'; checked: boolean }
  | { type: 'submit' }
  | { type: 'settled'; result: SubscribeResult };

/**
 * What a confirm or unsubscribe link came to: `done` (confirmed / unsubscribed), `expired` (a
 * confirm link past its time), `invalid` (not, or no longer, a link of ours), `failed` (server
 * or network failure: try again).
 */
export type LinkResult = 'done' | 'expired' | 'invalid' | 'failed';
