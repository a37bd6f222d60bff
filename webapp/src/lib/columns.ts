/** docs/spec.md section 2: product grids show 1 to 4 items per row by container width thresholds 600, 920, 1180. */
export const GRID_THRESHOLDS = [600, 920, 1180] as const;

export function columnsForWidth(width: number, thresholds: readonly number[] = GRID_THRESHOLDS): number {
  const below = thresholds.findIndex((limit) => width < limit);
  return below === -1 ? thresholds.length + 1 : below + 1;
}
