import { useEffect, useState } from 'react';
import { getShippingMethods } from '../api/checkoutApi';
import type { ShippingMethod } from '../types';

/** The shipping methods of `country` in `currency`, reloaded when either changes (none asked while not `enabled`). */
export function useShippingMethods(country: string, currency: string, enabled = true): { methods: ShippingMethod[]; loading: boolean } {
  const [state, setState] = useState<{ key: string; methods: ShippingMethod[] }>({ key: '', methods: [] });
  const key = `${country}:${currency}`;
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void getShippingMethods(country, currency, controller.signal).then((methods) => {
      if (!controller.signal.aborted) setState({ key, methods });
    });
    return () => controller.abort();
  }, [country, currency, key, enabled]);
  return { methods: state.key === key ? state.methods : [], loading: state.key !== key };
}
