/**
 * Public API of the support console (docs/spec.md section 2.14): the search, a cart's timeline and
 * the audit log, each behind the staff gate. Loaded only by the /support routes (a lazy chunk).
 */
export { SupportSearchPage } from './components/SupportSearchPage';
export { SupportTimelinePage } from './components/SupportTimelinePage';
export { SupportAuditPage } from './components/SupportAuditPage';
export { GATE_TEXT } from './components/SupportGate';
export { supportPaths } from './components/paths';
export type * from './types';
