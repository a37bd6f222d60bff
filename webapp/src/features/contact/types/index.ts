/** The contact form's fields as typed (docs/spec.md section 3 "Contact form", minus the fixed topic). */
export interface ContactValues {
  orderNumber: string;
  name: string;
  email: string;
  message: string;
}

export type ContactField = keyof ContactValues;

/** One message per invalid field (client check or the server's 422 `fields`). */
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The body of POST /api/mail (docs/spec.md section 7). */
export interface ContactPayload {
  email: string;
  message: string;
  name: string;
  orderNumber: string;
  topic: string;
}

/** What POST /api/mail came to: sent (200), refused fields (422), or a server failure. */
export type SendResult = { kind: 'sent' } | { kind: 'invalid'; errors: ContactErrors } | { kind: 'failed' };

/**
 * The form's states (docs/spec.md section 4: idle, submitting, sent, server error). `attempt` numbers
 * each submission so one submission sends exactly one request.
 */
export type ContactState =
  | { status: 'idle'; values: ContactValues; errors: ContactErrors; attempt: number }
  | { status: 'submitting'; values: ContactValues; errors: ContactErrors; attempt: number }
  | { status: 'sent'; values: ContactValues; errors: ContactErrors; attempt: number }
  | { status: 'error'; values: ContactValues; errors: ContactErrors; attempt: number };

export type ContactEvent =
  | { type: 'edit'; field: ContactField; value: string }
  | { type: 'submit' }
  | { type: 'settled'; result: SendResult }
  | { type: 'sendAnother' }
  | { type: 'tryAgain' };
