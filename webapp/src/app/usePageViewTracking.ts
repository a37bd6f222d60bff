import { useCallback } from 'react';
import { usePageViews } from '@/features/analytics';
import { useCartStore } from '@/features/cart';
import { useCookiesAccepted } from '@/features/cookies';
import { uuid4 } from '@/lib/ids';

/**
 * docs/spec.md section 2: every page change sends a page view, once the visitor accepted cookies
 * (acceptCookies). Page views carry the same analytics client id (`cid`) as the cart's
 * add/remove events, created here when the visitor has none yet.
 */
export function usePageViewTracking(): void {
  const accepted = useCookiesAccepted();
  const clientId = useCallback(() => {
    const existing = useCartStore.getState().cid;
    if (existing) return existing;
    const cid = uuid4();
    useCartStore.setState({ cid });
    return cid;
  }, []);
  usePageViews({ enabled: accepted, clientId });
}
