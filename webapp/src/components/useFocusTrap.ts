import { useEffect, useEffectEvent } from 'react';

/** Elements Tab can reach (hidden ones are filtered out when the trap runs). */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The focusable, rendered elements inside `roots`, in document order of the roots given. */
export function focusableIn(roots: (HTMLElement | null | undefined)[]): HTMLElement[] {
  return roots.flatMap((root) => {
    if (!root) return [];
    const inside = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const all = root.matches(FOCUSABLE) ? [root, ...inside] : inside;
    // Rendered ones only (where the browser can tell: jsdom has no layout).
    return all.filter((element) => typeof element.checkVisibility !== 'function' || element.checkVisibility());
  });
}

/** The active traps, innermost (most recently activated) last: only that one handles keys. */
const activeTraps: symbol[] = [];

/**
 * While `active`: Tab and Shift+Tab cycle through the focusable elements of `getRoots()`, in the
 * order of the roots given (a disclosure's toggle button plus its panel, or a dialog), and never
 * leave them; Escape calls `onEscape`. On activation, focus moves to the first focusable element
 * of the last root (the panel) unless it is already inside one of the roots (the toggle button,
 * or the element a dialog focused when it opened). When traps nest (a dialog opened from a menu),
 * only the most recently activated one handles Tab and Escape.
 */
export function useFocusTrap(active: boolean, getRoots: () => (HTMLElement | null | undefined)[], onEscape: () => void) {
  // Effect events: the latest callbacks, without re-running the effect when they change.
  const roots = useEffectEvent(getRoots);
  const escape = useEffectEvent(onEscape);

  useEffect(() => {
    if (!active) return;
    const trap = Symbol('focus trap');
    activeTraps.push(trap);
    const initial = roots();
    if (!initial.some((root) => root?.contains(document.activeElement))) focusableIn(initial.slice(-1))[0]?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (activeTraps[activeTraps.length - 1] !== trap) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        escape();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableIn(roots());
      if (focusable.length === 0) return;
      // Move focus ourselves: the roots need not be next to each other in the document.
      event.preventDefault();
      const index = focusable.indexOf(document.activeElement as HTMLElement);
      const step = event.shiftKey ? -1 : 1;
      const next = index === -1 ? (event.shiftKey ? focusable.length - 1 : 0) : (index + step + focusable.length) % focusable.length;
      focusable[next].focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      activeTraps.splice(activeTraps.indexOf(trap), 1);
    };
  }, [active]);
}
