/** Public API of the analytics feature: GA4 page views (docs/spec.md sections 2 and 7). */
export { usePageViews } from './hooks/usePageViews';
export type { PageViewOptions } from './hooks/usePageViews';
export { sendPageView, PAGE_VIEW_TIMEOUT_MS } from './api/sendPageView';
export type { PageViewPayload } from './api/sendPageView';
