/**
 * The newsletter form as an explicit state machine (docs/spec.md sections 4, 5, 8): a pure reducer.
 *
 *   idle | invalid | error --submit, box ticked, valid email--> submitting
 *   idle | invalid | error --submit, box ticked, bad email--> invalid ('Please enter a valid email')
 *   any --submit, box not ticked--> unchanged (docs/spec.md section 5: submission ignored without it)
 *   submitting --settled--> sent | invalid (server 422) | error ('Something went wrong, ...')
 *   idle | invalid | error --edit--> idle
 *
 * While submitting or once sent, every other event is ignored (no double submit).
 */
import { isValidEmail } from '@/lib/email';
import type { NewsletterEvent, NewsletterState } from '../types';

/** The spec's exact texts (section 8) and our own for what the spec leaves open. */
export const TEXTS = {
  invalidEmail: 'Please enter a valid email',
  failed: 'Something went wrong, please try again later',
  sent: 'Thanks for signing up! Please check your inbox to confirm your subscription.',
} as const;

export const initialNewsletterState = (): NewsletterState => ({ status: 'idle', email: '', consent: false, attempt: 0 });

const editable = (state: NewsletterState) => state.status === 'idle' || state.status === 'invalid' || state.status === 'error';

export function newsletterReducer(state: NewsletterState, event: NewsletterEvent): NewsletterState {
  switch (event.type) {
    case 'edit':
      return editable(state) ? { ...state, status: 'idle', email: event.email } : state;
    case 'consent':
      return editable(state) ? { ...state, consent: event.checked } : state;
    case 'submit':
      if (!editable(state) || !state.consent) return state;
      if (!isValidEmail(state.email)) return { ...state, status: 'invalid' };
      return { ...state, status: 'submitting', attempt: state.attempt + 1 };
    case 'settled':
      if (state.status !== 'submitting') return state;
      return { ...state, status: event.result === 'sent' ? 'sent' : event.result === 'invalid' ? 'invalid' : 'error' };
    default:
      return state;
  }
}
