/**
 * Wires the carousel state machine to the DOM: measurement and the 200 ms
 * resize fix, autoplay timers, keys, pointer drags and swipes (docs/spec.md sections 2
 * and 9). Rendering lives in Carousel.tsx.
 */
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import {
  CAROUSEL,
  announcement,
  carouselReducer,
  initialState,
  isDrag,
  keyAction,
  positions,
  slidesShown,
  swipeAction,
  type CarouselEffect,
} from './carouselMachine';

export interface UseCarouselOptions {
  count: number;
  effect?: CarouselEffect;
  /** Slides shown at once, or a function of the carousel's width in px (used by the slide effect). */
  perView?: number | ((width: number) => number);
  /** Defaults to true for scroll3d. */
  wrap?: boolean;
  /** Autoplay delay in ms, or false for none. */
  autoplay?: number | false;
}

interface DragStart {
  id: number;
  x: number;
  y: number;
  dragging: boolean;
  dx: number;
}

const TYPING = 'input, textarea, select, iframe, [contenteditable="true"]';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function useCarousel({ count, effect = 'slide', perView = 1, wrap, autoplay = CAROUSEL.autoplayMs }: UseCarouselOptions) {
  const rootRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [resizing, setResizing] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [dragDx, setDragDx] = useState(0);
  const drag = useRef<DragStart | null>(null);
  const suppressClick = useRef(false);

  const wanted = typeof perView === 'function' ? perView(width) : perView;
  const shown = slidesShown(effect, wanted, count);
  const trackPerView = effect === 'slide' ? shown : 1;
  const [state, dispatch] = useReducer(carouselReducer, { count, perView: trackPerView, effect, wrap }, initialState);

  const measure = useCallback(() => setWidth(viewportRef.current?.clientWidth ?? 0), []);
  useLayoutEffect(measure, [measure]);

  // docs/spec.md section 9 "resize fix": no animation while the window resizes; re-measure 200 ms after it stops.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      setResizing(true);
      clearTimeout(timer);
      timer = setTimeout(() => {
        measure();
        setResizing(false);
      }, CAROUSEL.resizeFixMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
    };
  }, [measure]);

  useLayoutEffect(() => dispatch({ type: 'layout', count, perView: trackPerView }), [count, trackPerView]);

  // Autoplay starts stopped for visitors who ask for less motion; they can start it with the play button.
  useEffect(() => {
    if (prefersReducedMotion()) dispatch({ type: 'pause' });
  }, []);

  const total = positions(state);
  const playing = Boolean(autoplay) && !state.paused && !hovered && dragDx === 0 && total > 1;
  useEffect(() => {
    if (!playing || !autoplay) return;
    const timer = setTimeout(() => dispatch({ type: 'tick' }), autoplay);
    return () => clearTimeout(timer);
  }, [playing, autoplay, state.index]);

  // Focus never stays inside a slide that just became inert.
  useEffect(() => {
    const root = rootRef.current;
    const active = typeof document !== 'undefined' ? document.activeElement : null;
    if (root && active && root.contains(active) && active.closest('[inert]')) root.focus({ preventScroll: true });
  }, [state.index]);

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest(TYPING)) return;
    const action = keyAction(event);
    if (!action) return;
    // Space on a focused button or link activates it instead of pausing.
    if (action.type === 'togglePause' && target !== event.currentTarget && target.closest('button, a, summary')) return;
    event.preventDefault();
    dispatch(action);
  }, []);

  /** APG carousel: rotation stops when keyboard focus enters and restarts only when asked (play button or space). */
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) dispatch({ type: 'pause' });
  }, []);

  const onPointerDown = useCallback((event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, dragging: false, dx: 0 };
  }, []);

  const onPointerMove = useCallback((event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!start.dragging) {
      if (!isDrag(dx)) {
        if (Math.abs(dy) >= CAROUSEL.dragStartPx) drag.current = null; // a vertical scroll, not a swipe
        return;
      }
      start.dragging = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    start.dx = dx;
    setDragDx(dx);
  }, []);

  const endDrag = useCallback(
    (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
      const start = drag.current;
      if (!start || start.id !== event.pointerId) return;
      drag.current = null;
      setDragDx(0);
      if (!start.dragging) return;
      suppressClick.current = true;
      setTimeout(() => {
        suppressClick.current = false;
      }, 0);
      const action = cancelled ? null : swipeAction(start.dx, viewportRef.current?.clientWidth ?? width, shown);
      if (action) dispatch(action);
    },
    [shown, width],
  );

  const onPointerUp = useCallback((event: PointerEvent<HTMLDivElement>) => endDrag(event, false), [endDrag]);
  const onPointerCancel = useCallback((event: PointerEvent<HTMLDivElement>) => endDrag(event, true), [endDrag]);

  /** A drag is not a click on the link under the pointer. */
  const onClickCapture = useCallback((event: MouseEvent<HTMLDivElement>) => {
    if (!suppressClick.current) return;
    suppressClick.current = false;
    event.preventDefault();
    event.stopPropagation();
  }, []);

  return {
    state,
    dispatch,
    total,
    shown,
    playing,
    dragDx,
    /** False while dragging or resizing: slides follow at once instead of animating. */
    animate: !resizing && dragDx === 0,
    text: announcement(state),
    rootRef,
    viewportRef,
    rootProps: {
      onKeyDown,
      onFocus,
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
    },
    viewportProps: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel,
      onClickCapture,
      onDragStart: (event: { preventDefault: () => void }) => event.preventDefault(),
    },
  };
}
