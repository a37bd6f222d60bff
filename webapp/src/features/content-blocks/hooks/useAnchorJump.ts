import { useCallback, useEffect, useRef } from 'react';
import { anchorScrollTop } from '../model/anchors';

function smooth(): ScrollBehavior {
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduce ? 'auto' : 'smooth';
}

/** Quiet time after the last scroll event that counts as "the smooth scroll ended" where `scrollend` is missing. */
const SCROLL_QUIET_MS = 150;
/** What the visitor does that hands the scroll position back to them. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Jumps to an anchor marker and keeps it there (docs/spec.md section 2): the page
 * scrolls smoothly (instantly for a reduced-motion preference) so the marker's top
 * sits at the anchor offset (130 px, 179 px for staff viewers). On-demand blocks
 * above the marker may load during or after the scroll and push it down, so the
 * jump follows the marker: every size change of the page (a ResizeObserver on
 * `document.body`) re-aims the running smooth scroll, and once scrolling has ended
 * the marker is put back exactly, until the visitor scrolls, taps, clicks or types.
 * Nothing here waits a fixed time for the blocks, so a slow machine lands the same.
 *
 * Returns `jump(target)`; a new jump, visitor input or unmounting ends the last one.
 */
export function useAnchorJump(staffViewer: boolean): (target: HTMLElement) => void {
  const stop = useRef<() => void>(() => undefined);
  useEffect(() => () => stop.current(), []);

  return useCallback(
    (target: HTMLElement) => {
      stop.current();
      let scrolling = smooth() === 'smooth';
      let quiet: ReturnType<typeof setTimeout> | undefined;
      const place = () => {
        const top = anchorScrollTop(target.getBoundingClientRect().top, window.scrollY, staffViewer);
        if (scrolling) window.scrollTo({ top, behavior: 'smooth' });
        else if (top !== Math.round(window.scrollY)) window.scrollTo({ top, behavior: 'auto' });
      };
      const ended = () => {
        clearTimeout(quiet);
        if (!scrolling) return;
        scrolling = false;
        place();
      };
      const onScroll = () => {
        if (!scrolling || 'onscrollend' in window) return;
        clearTimeout(quiet);
        quiet = setTimeout(ended, SCROLL_QUIET_MS);
      };
      const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(() => place()) : null;
      const end = () => stop.current();
      stop.current = () => {
        clearTimeout(quiet);
        resizes?.disconnect();
        window.removeEventListener('scrollend', ended);
        window.removeEventListener('scroll', onScroll);
        for (const type of VISITOR_INPUT) window.removeEventListener(type, end, true);
        stop.current = () => undefined;
      };
      window.addEventListener('scrollend', ended);
      window.addEventListener('scroll', onScroll, { passive: true });
      for (const type of VISITOR_INPUT) window.addEventListener(type, end, { capture: true, passive: true });
      if (scrolling) window.scrollTo({ top: anchorScrollTop(target.getBoundingClientRect().top, window.scrollY, staffViewer), behavior: 'smooth' });
      else place();
      resizes?.observe(document.body);
    },
    [staffViewer],
  );
}
