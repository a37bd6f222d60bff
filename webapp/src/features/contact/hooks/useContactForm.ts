import { useCallback, useEffect, useReducer, useRef } from 'react';
import { sendContactMessage } from '../api/sendContactMessage';
import type { ContactField, ContactPayload, SendResult } from '../types';
import { contactReducer, initialContactState, toPayload } from './contactMachine';

type Send = (payload: ContactPayload) => Promise<SendResult>;

/**
 * The contact form's state machine wired to POST /api/mail: each entry into `submitting` sends
 * exactly one request (keyed by the attempt number, so neither a second click nor a re-run
 * effect sends twice), and its outcome settles the machine.
 */
export function useContactForm(send: Send = sendContactMessage) {
  const [state, dispatch] = useReducer(contactReducer, undefined, () => initialContactState());
  const sentAttempt = useRef(0);

  useEffect(() => {
    if (state.status !== 'submitting' || sentAttempt.current === state.attempt) return;
    sentAttempt.current = state.attempt;
    void send(toPayload(state.values))
      .catch((): SendResult => ({ kind: 'failed' }))
      .then((result) => dispatch({ type: 'settled', result }));
  }, [state, send]);

  return {
    state,
    edit: useCallback((field: ContactField, value: string) => dispatch({ type: 'edit', field, value }), []),
    submit: useCallback(() => dispatch({ type: 'submit' }), []),
    sendAnother: useCallback(() => dispatch({ type: 'sendAnother' }), []),
    tryAgain: useCallback(() => dispatch({ type: 'tryAgain' }), []),
  };
}
