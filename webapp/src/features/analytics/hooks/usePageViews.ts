import { useEffect, useEffectEvent, useRef } from 'react';
import { uuid4 } from '@/lib/ids';
import { useLocation } from '@/lib/router';
import type { PageViewPayload } from '../api/sendPageView';

/**
 * The default sender: `sendPageView` from its own chunk, fetched with the first page view sent
 * (after cookies are accepted), so it is not part of the shopper's first load (docs/targets.md 4.7).
 */
const sendLazily = async (payload: PageViewPayload) => (await import('../api/sendPageView')).sendPageView(payload);

export interface PageViewOptions {
  /** Page views are sent only while this is true (the visitor accepted cookies). */
  enabled: boolean;
  /** The analytics client id to send as `cid` (created on demand by the caller). */
  clientId?: () => string | null | undefined;
  /** For tests: the sender. */
  send?: (payload: PageViewPayload) => Promise<unknown>;
}

/**
 * docs/spec.md section 2: every page change sends a page view. A page change is a new pathname (like
 * the scroll to top); query changes on one page, such as typing in the search box, are not.
 * Nothing is sent until `enabled` (cookie acceptance); accepting sends the current page. The
 * referrer is the previous page of this visit (the document's referrer for the first one).
 * Sending never waits: the request runs in the background with its 250 ms timeout.
 */
export function usePageViews({ enabled, clientId, send = sendLazily }: PageViewOptions): void {
  const { pathname, search } = useLocation();
  const href = `${window.location.origin}${pathname}${search}`;
  const pages = useRef<{ current: string | null; previous: string }>({ current: null, previous: '' });
  const sentFor = useRef<string | null>(null);

  // Effect events: they read the current address, client id and sender, while the effects below
  // run only for a new pathname (a page is a pathname, see above), not for a new query.
  const followPage = useEffectEvent(() => {
    const { current } = pages.current;
    if (current === href) return; // an effect run twice (StrictMode) is not a new page
    pages.current = { current: href, previous: current ?? document.referrer };
  });
  const reportPage = useEffectEvent((page: string) => {
    if (!enabled || sentFor.current === page) return;
    sentFor.current = page;
    const cid = clientId?.() ?? undefined;
    const payload: PageViewPayload = {
      event_id: uuid4(),
      page_location: href,
      page_title: document.title,
      page_referrer: pages.current.previous,
      ...(cid ? { cid } : {}),
    };
    void send(payload);
  });

  // Follow the pages of this visit, whether or not they are reported.
  useEffect(() => followPage(), [pathname]);
  useEffect(() => reportPage(pathname), [enabled, pathname]);
}
