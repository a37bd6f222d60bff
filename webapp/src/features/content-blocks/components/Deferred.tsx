import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the viewport a block starts loading, in px. */
export const DEFER_MARGIN_PX = 600;

/**
 * Renders `children` once the placeholder comes within 600 px of the viewport
 * (below-the-fold blocks load their code and data only when needed). Without
 * IntersectionObserver everything renders at once. The placeholder carries `data-deferred`.
 */
export function Deferred({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${DEFER_MARGIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  // data-deferred marks a placeholder, so a browser test can wait until those near the viewport are gone.
  return shown ? <>{children}</> : <div ref={placeholder} aria-hidden="true" data-deferred="" style={{ minHeight }} />;
}
