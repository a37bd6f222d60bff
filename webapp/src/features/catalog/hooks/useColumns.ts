import { useLayoutEffect, useState, type RefObject } from 'react';
import { columnsForWidth, GRID_THRESHOLDS } from '@/lib/columns';

/** Items per row from the CONTAINER width (ResizeObserver), not the window. */
export function useColumns(ref: RefObject<HTMLElement | null>, thresholds: readonly number[] = GRID_THRESHOLDS): number {
  const [columns, setColumns] = useState(1);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setColumns(columnsForWidth(element.getBoundingClientRect().width, thresholds));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setColumns(columnsForWidth(entry.contentRect.width, thresholds));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, thresholds]);
  return columns;
}
