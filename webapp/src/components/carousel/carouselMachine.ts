/**
 * The carousel as a pure state machine (docs/spec.md section 2 "Content blocks" →
 * "Carousels", section 9 timings). No DOM, no timers: the hook feeds it actions
 * and measurements; tests drive it directly.
 *
 * Positions: a carousel of `count` slides showing `perView` at once has
 * `count - perView + 1` positions when it stops at the ends, `count` when it
 * wraps (scroll3d always wraps and shows 3). "Slide {n} of {total}" counts
 * positions, so the last announcement is always "Slide {total} of {total}".
 */

/** slide: plain paging; scroll: centred slide, neighbours zoomed out; scroll3d: 3 shown, wraps, zoomed 3D. */
export type CarouselEffect = 'slide' | 'scroll' | 'scroll3d';

export const CAROUSEL = {
  /** Zoom scale of the slides beside the current one (docs/spec.md section 2: .85 scroll, .75 scroll3d). */
  zoomScale: { slide: 1, scroll: 0.85, scroll3d: 0.75 } satisfies Record<CarouselEffect, number>,
  /** Opacity of the slides beside the current one (docs/spec.md section 2). */
  opacityScale: 0.65,
  /** scroll3d shows 3 slides and wraps (docs/spec.md section 2). */
  scroll3dShown: 3,
  /** A pointer move counts as a drag from this many pixels (docs/spec.md section 2). */
  dragStartPx: 10,
  /** A swipe counts when longer than slideWidth / 5 / slidesShown (docs/spec.md section 2). */
  swipeDivisor: 5,
  /** Autoplay delay in ms: 3000 by default, 10000 for ticker and trending (docs/spec.md section 9). */
  autoplayMs: 3000,
  slowAutoplayMs: 10000,
  /** Slide transition in ms (docs/spec.md section 9). */
  slideSpeedMs: 500,
  /** After the window stops resizing for this long the carousel re-measures (docs/spec.md section 9). */
  resizeFixMs: 200,
} as const;

export interface CarouselState {
  /** Current position, 0-based. */
  index: number;
  /** Number of slides. */
  count: number;
  /** Slides shown at once (scroll3d: 3). */
  perView: number;
  /** Whether next after the last position goes to the first (and prev before the first to the last). */
  wrap: boolean;
  /** Autoplay stopped by the visitor (space, the pause button, or focus entering the carousel). */
  paused: boolean;
}

export type CarouselAction =
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'first' }
  | { type: 'last' }
  | { type: 'goto'; index: number }
  /** Autoplay step: like next, but a carousel that does not wrap rewinds to the first position. */
  | { type: 'tick' }
  | { type: 'togglePause' }
  | { type: 'pause' }
  | { type: 'play' }
  /** New measurements (window resize, different slide count). */
  | { type: 'layout'; count: number; perView: number };

export interface CarouselOptions {
  count: number;
  perView?: number;
  effect?: CarouselEffect;
  /** Defaults to true for scroll3d, false otherwise. */
  wrap?: boolean;
}

/** Slides shown at once for an effect (scroll3d always shows 3, never more than there are slides). */
export function slidesShown(effect: CarouselEffect, perView: number, count: number): number {
  const wanted = effect === 'scroll3d' ? CAROUSEL.scroll3dShown : effect === 'scroll' ? 1 : perView;
  return Math.max(1, Math.min(Math.floor(wanted) || 1, Math.max(1, count)));
}

/** The first position, not paused; scroll3d wraps and moves one slide at a time. */
export function initialState({ count, perView = 1, effect = 'slide', wrap }: CarouselOptions): CarouselState {
  const shown = slidesShown(effect, perView, count);
  return { index: 0, count: Math.max(0, count), perView: effect === 'scroll3d' ? 1 : shown, wrap: wrap ?? effect === 'scroll3d', paused: false };
}

/** How many positions the carousel can stop at. */
export function positions(state: Pick<CarouselState, 'count' | 'perView' | 'wrap'>): number {
  if (state.count <= 0) return 0;
  return state.wrap ? state.count : Math.max(1, state.count - state.perView + 1);
}

function clampIndex(state: CarouselState, index: number): number {
  const total = positions(state);
  if (total === 0) return 0;
  if (state.wrap) return ((index % total) + total) % total;
  return Math.min(Math.max(index, 0), total - 1);
}

/** Applies one action; returns the same state object when nothing changes (cheap re-render checks). */
export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  const total = positions(state);
  const move = (index: number) => {
    const next = clampIndex(state, index);
    return next === state.index ? state : { ...state, index: next };
  };
  switch (action.type) {
    case 'next':
      return move(state.index + 1);
    case 'prev':
      return move(state.index - 1);
    case 'first':
      return move(0);
    case 'last':
      return move(total - 1);
    case 'goto':
      return move(action.index);
    case 'tick':
      if (total <= 1) return state;
      return move(!state.wrap && state.index >= total - 1 ? 0 : state.index + 1);
    case 'togglePause':
      return { ...state, paused: !state.paused };
    case 'pause':
      return state.paused ? state : { ...state, paused: true };
    case 'play':
      return state.paused ? { ...state, paused: false } : state;
    case 'layout': {
      const resized = { ...state, count: Math.max(0, action.count), perView: Math.max(1, action.perView) };
      if (resized.count === state.count && resized.perView === state.perView) return state;
      return { ...resized, index: clampIndex(resized, state.index) };
    }
  }
}

/** The live-region text (docs/spec.md section 2): 'Slide {n} of {total}'. */
export function announcement(state: Pick<CarouselState, 'index' | 'count' | 'perView' | 'wrap'>): string {
  const total = positions(state);
  return total === 0 ? '' : `Slide ${state.index + 1} of ${total}`;
}

/**
 * The action a key stands for (docs/spec.md section 2): arrows and W A S D next/previous
 * (right, down, D, S next; left, up, A, W previous), Q first, E last, space
 * pause. Keys held with Ctrl, Alt or Meta are left to the browser.
 */
export function keyAction(event: { key: string; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean }): CarouselAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  switch (event.key.length === 1 ? event.key.toLowerCase() : event.key) {
    case 'ArrowRight':
    case 'ArrowDown':
    case 'd':
    case 's':
      return { type: 'next' };
    case 'ArrowLeft':
    case 'ArrowUp':
    case 'a':
    case 'w':
      return { type: 'prev' };
    case 'q':
      return { type: 'first' };
    case 'e':
      return { type: 'last' };
    case ' ':
    case 'Spacebar':
      return { type: 'togglePause' };
    default:
      return null;
  }
}

/** docs/spec.md section 2: a swipe counts when longer than a fifth of the slide width divided by the slides shown. */
export function swipeThreshold(slideWidth: number, shown: number): number {
  return slideWidth / CAROUSEL.swipeDivisor / Math.max(1, shown);
}

/** docs/spec.md section 2: pointer movement counts as a drag (and no longer as a click) from 10 px. */
export function isDrag(dx: number): boolean {
  return Math.abs(dx) >= CAROUSEL.dragStartPx;
}

/**
 * What a finished drag does: next (dragged left) or prev (dragged right) when
 * it was a drag and longer than the swipe threshold, else nothing (snap back).
 * `slideWidth` is the width of the visible slide area in px.
 */
export function swipeAction(dx: number, slideWidth: number, shown: number): CarouselAction | null {
  if (!isDrag(dx) || Math.abs(dx) <= swipeThreshold(slideWidth, shown)) return null;
  return dx < 0 ? { type: 'next' } : { type: 'prev' };
}

/** Signed distance of slide `i` from the current index; wrapped to the shortest way round when the carousel wraps. */
export function slideOffset(i: number, index: number, count: number, wrap: boolean): number {
  if (!wrap || count <= 0) return i - index;
  const d = (((i - index) % count) + count) % count;
  return d > count / 2 ? d - count : d;
}

export interface SlideLook {
  /** Slide is (fully or in part) on screen and may be used: the others are inert. */
  active: boolean;
  scale: number;
  opacity: number;
  /** scroll3d: horizontal place in slide widths; others: unused (the track moves). */
  shift: number;
  zIndex: number;
}

/**
 * How slide `i` looks (docs/spec.md section 2 zoom and opacity scales): the current slides at
 * full size; in scroll and scroll3d the neighbours zoomed (.85 / .75) and faded
 * (.65); scroll3d hides what is further than one slide away.
 */
export function slideLook(i: number, state: Pick<CarouselState, 'index' | 'count' | 'perView' | 'wrap'>, effect: CarouselEffect): SlideLook {
  const offset = slideOffset(i, state.index, state.count, state.wrap);
  if (effect === 'scroll3d') {
    const distance = Math.abs(offset);
    return {
      active: distance === 0,
      scale: distance === 0 ? 1 : CAROUSEL.zoomScale.scroll3d,
      opacity: distance === 0 ? 1 : distance === 1 ? CAROUSEL.opacityScale : 0,
      shift: Math.max(-2, Math.min(2, offset)),
      zIndex: 10 - Math.min(distance, 9),
    };
  }
  const current = offset >= 0 && offset < state.perView;
  if (effect === 'scroll') {
    return { active: current, scale: current ? 1 : CAROUSEL.zoomScale.scroll, opacity: current ? 1 : CAROUSEL.opacityScale, shift: 0, zIndex: 1 };
  }
  return { active: current, scale: 1, opacity: 1, shift: 0, zIndex: 1 };
}
