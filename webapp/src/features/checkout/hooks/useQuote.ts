import { useEffect, useState } from 'react';
import { getQuote } from '../api/checkoutApi';
import type { Quote } from '../types';

interface QuoteInput {
  token: string | null;
  country: string;
  shippingMethod: string | null;
  /** The server cart's version: a new version asks again. */
  version: number;
  /** False while cart commands are on their way (the server cart is not the shown one yet). */
  enabled: boolean;
}

export interface QuoteState {
  quote: Quote | null;
  error: string | null;
  loading: boolean;
}

/** The server's totals for the order (POST /api/checkout/quote), asked again on every change. */
export function useQuote({ token, country, shippingMethod, version, enabled }: QuoteInput): QuoteState {
  const [state, setState] = useState<QuoteState & { key: string }>({ key: '', quote: null, error: null, loading: false });
  const key = `${token}:${country}:${shippingMethod}:${version}`;
  const ready = enabled && Boolean(token) && Boolean(shippingMethod);
  // Becoming ready asks again, also for the same key: loading until that answer lands.
  const [wasReady, setWasReady] = useState(ready);
  if (ready !== wasReady) {
    setWasReady(ready);
    if (ready) setState((s) => ({ ...s, loading: true }));
  }
  useEffect(() => {
    if (!ready || !token || !shippingMethod) return;
    const controller = new AbortController();
    getQuote(token, { country, shipping_method: shippingMethod }, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        if (result.kind === 'ok') setState({ key, quote: result.quote, error: null, loading: false });
        else setState({ key, quote: null, error: result.message, loading: false });
      })
      .catch(() => {}); // aborted: a newer request is on its way
    return () => controller.abort();
  }, [ready, token, country, shippingMethod, key]);
  const current = state.key === key;
  // The last quote stays shown (marked loading) until the new one lands: no flicker.
  return { quote: state.quote, error: current ? state.error : null, loading: !current || state.loading };
}
