/**
 * GA4 page views (docs/spec.md sections 2 and 7): POST /api/ga/page-view with a 250 ms outbound
 * tracking timeout. Fire and forget: `keepalive` lets the request outlive a page unload, the
 * timeout aborts it if the server is slow, and nothing here ever throws or blocks navigation
 * (failures are logged only, docs/spec.md section 8). Without fetch, `navigator.sendBeacon` is used.
 */
import { apiPaths } from '@/config/paths';

/** docs/spec.md section 7: page-view analytics outbound tracking timeout. */
export const PAGE_VIEW_TIMEOUT_MS = 250;

/** The body of a page view, in GA4's parameter names (`cid`: the analytics client id). */
export interface PageViewPayload {
  event_id: string;
  page_location: string;
  page_title: string;
  page_referrer: string;
  cid?: string;
}

export interface SendOptions {
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  beacon?: (url: string, data: BodyInit) => boolean;
}

/** Send one page view; resolves true when the server answered 2xx in time, else false. */
export async function sendPageView(payload: PageViewPayload, options: SendOptions = {}): Promise<boolean> {
  const { timeoutMs = PAGE_VIEW_TIMEOUT_MS } = options;
  const fetchImpl = options.fetchImpl ?? (typeof fetch === 'function' ? fetch : undefined);
  const body = JSON.stringify(payload);
  if (!fetchImpl) {
    const beacon = options.beacon ?? (typeof navigator !== 'undefined' && navigator.sendBeacon ? navigator.sendBeacon.bind(navigator) : undefined);
    try {
      return beacon ? beacon(apiPaths.gaPageView, new Blob([body], { type: 'application/json' })) : false;
    } catch (error) {
      console.warn('page view beacon failed', error);
      return false;
    }
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(apiPaths.gaPageView, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    if (!response.ok) console.warn(`POST ${apiPaths.gaPageView} -> ${response.status}`);
    return response.ok;
  } catch (error) {
    if (controller.signal.aborted) console.warn(`page view not sent within ${timeoutMs} ms`);
    else console.warn('page view failed', error);
    return false;
  } finally {
    clearTimeout(timer);
  }
}
