/**
 * Public API of the analytics feature: GA4 page views (docs/spec.md sections 2 and 7). The sender
 * (`api/sendPageView.ts`) is loaded on first use, so it is not re-exported here.
 */
export { usePageViews } from './hooks/usePageViews';
export type { PageViewOptions } from './hooks/usePageViews';
export type { PageViewPayload } from './api/sendPageView';
