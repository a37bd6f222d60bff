/**
 * The contact form as an explicit state machine (docs/spec.md sections 4, 5, 8): a pure reducer.
 *
 *   idle --submit (valid)--> submitting --settled sent--> sent --sendAnother--> idle (name, email kept)
 *   idle --submit (invalid)--> idle with field messages
 *   submitting --settled invalid (server 422)--> idle with the server's field messages
 *   submitting --settled failed--> error --tryAgain--> idle (everything kept)
 *
 * Every other event is ignored in a state: a second submit while submitting does nothing (double
 * submit blocked), and the fields cannot change while a message is on its way.
 */
import { isValidEmail } from '@/lib/email';
import type { ContactErrors, ContactEvent, ContactPayload, ContactState, ContactValues } from '../types';

/** docs/spec.md section 2: the form's one, fixed topic. */
export const TOPIC = 'Online Store – Questions about our store and your shipment';

/** The spec's exact texts (sections 5 and 8; 'adress' as the spec spells it) and our own for the rest. */
export const TEXTS = {
  invalidEmail: 'Please provide a valid email adress',
  emptyMessage: 'Please write something',
  orderNumber: 'Please enter a numeric order number',
  sent: "Thanks, we'll get back to you as soon as we can!",
  sendAnother: 'Send another one',
  failed: (host: string) => `Something went wrong, please try again later or send an email to support[at]${host}`,
  tryAgain: 'Try again',
} as const;

export const EMPTY_VALUES: ContactValues = { orderNumber: '', name: '', email: '', message: '' };

export const initialContactState = (values: Partial<ContactValues> = {}): ContactState => ({
  status: 'idle',
  values: { ...EMPTY_VALUES, ...values },
  errors: {},
  attempt: 0,
});

/** docs/spec.md section 5: email pattern, non-empty message, optional numeric order number. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (!isValidEmail(values.email)) errors.email = TEXTS.invalidEmail;
  if (!values.message.trim()) errors.message = TEXTS.emptyMessage;
  const order = values.orderNumber.trim();
  if (order && !/^[0-9]+$/.test(order)) errors.orderNumber = TEXTS.orderNumber;
  return errors;
}

/** The POST /api/mail body for `values` (trimmed; the fixed topic). */
export function toPayload(values: ContactValues): ContactPayload {
  return {
    email: values.email.trim(),
    message: values.message.trim(),
    name: values.name.trim(),
    orderNumber: values.orderNumber.trim(),
    topic: TOPIC,
  };
}

export function contactReducer(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'edit': {
      if (state.status !== 'idle') return state;
      const { [event.field]: _dropped, ...errors } = state.errors;
      return { ...state, values: { ...state.values, [event.field]: event.value }, errors };
    }
    case 'submit': {
      if (state.status !== 'idle') return state;
      const errors = validateContact(state.values);
      if (Object.keys(errors).length > 0) return { ...state, errors };
      return { status: 'submitting', values: state.values, errors: {}, attempt: state.attempt + 1 };
    }
    case 'settled': {
      if (state.status !== 'submitting') return state;
      const { result } = event;
      if (result.kind === 'sent') return { ...state, status: 'sent' };
      if (result.kind === 'invalid') return { ...state, status: 'idle', errors: result.errors };
      return { ...state, status: 'error' };
    }
    case 'sendAnother':
      if (state.status !== 'sent') return state;
      return { status: 'idle', values: { ...EMPTY_VALUES, name: state.values.name, email: state.values.email }, errors: {}, attempt: state.attempt };
    case 'tryAgain':
      if (state.status !== 'error') return state;
      return { ...state, status: 'idle', errors: {} };
    default:
      return state;
  }
}
