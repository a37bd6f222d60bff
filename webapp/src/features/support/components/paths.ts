/** The support console's routes (docs/spec.md section 2.14), defined once for its links. */
export const supportPaths = {
  search: '/support',
  searchFor: (q: string) => `/support?${new URLSearchParams({ q }).toString()}`,
  /** A cart's timeline; `version` selects the state shown (the staff link). */
  cart: (ref: string, version?: number) => `/support/carts/${encodeURIComponent(ref)}${version === undefined ? '' : `?version=${version}`}`,
  audit: '/support/audit',
} as const;
