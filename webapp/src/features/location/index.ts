/** Public API of the location feature (docs/spec.md section 3 "Location": the IP guess, cached under "location"). */
export { useVisitorLocation, loadVisitorLocation } from './hooks/useVisitorLocation';
export type { VisitorLocation } from './types';
