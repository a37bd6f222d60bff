import { useCallback, useEffect, useReducer, useRef } from 'react';
import { subscribe } from '../api/subscribe';
import type { NewsletterPayload, NewsletterSource, SubscribeResult } from '../types';
import { initialNewsletterState, newsletterReducer } from './newsletterMachine';

export type Subscribe = (payload: NewsletterPayload) => Promise<SubscribeResult>;

/**
 * The newsletter machine wired to POST /api/newsletter: each entry into `submitting` sends
 * exactly one request (keyed by the attempt number) with `tags` and `source`.
 */
export function useNewsletterForm(source: NewsletterSource, tags: readonly string[], send: Subscribe = subscribe) {
  const [state, dispatch] = useReducer(newsletterReducer, undefined, initialNewsletterState);
  const sentAttempt = useRef(0);

  useEffect(() => {
    if (state.status !== 'submitting' || sentAttempt.current === state.attempt) return;
    sentAttempt.current = state.attempt;
    void send({ email: state.email.trim(), tags: [...tags], source })
      .catch((): SubscribeResult => 'failed')
      .then((result) => dispatch({ type: 'settled', result }));
  }, [state, send, source, tags]);

  return {
    state,
    edit: useCallback((email: string) => dispatch({ type: 'edit', email }), []),
    setConsent: useCallback((checked: boolean) => dispatch({ type: 'consent', checked }), []),
    submit: useCallback(() => dispatch({ type: 'submit' }), []),
  };
}
