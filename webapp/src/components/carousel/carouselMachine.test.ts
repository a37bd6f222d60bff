import {
  CAROUSEL,
  announcement,
  carouselReducer,
  initialState,
  isDrag,
  keyAction,
  positions,
  slideLook,
  slideOffset,
  swipeAction,
  swipeThreshold,
  type CarouselAction,
  type CarouselState,
} from './carouselMachine';

const run = (state: CarouselState, ...actions: CarouselAction['type'][]) =>
  actions.reduce((s, type) => carouselReducer(s, { type } as CarouselAction), state);

describe('carousel constants (docs/spec.md sections 2 and 9)', () => {
  it('uses the spec numbers', () => {
    expect(CAROUSEL.zoomScale.scroll).toBe(0.85);
    expect(CAROUSEL.zoomScale.scroll3d).toBe(0.75);
    expect(CAROUSEL.opacityScale).toBe(0.65);
    expect(CAROUSEL.scroll3dShown).toBe(3);
    expect(CAROUSEL.autoplayMs).toBe(3000);
    expect(CAROUSEL.slowAutoplayMs).toBe(10000);
    expect(CAROUSEL.slideSpeedMs).toBe(500);
    expect(CAROUSEL.resizeFixMs).toBe(200);
    expect(CAROUSEL.dragStartPx).toBe(10);
  });
});

describe('carouselReducer', () => {
  it('stops at the ends when it does not wrap', () => {
    const s = initialState({ count: 3 });
    expect(run(s, 'prev').index).toBe(0);
    expect(run(s, 'next', 'next', 'next', 'next').index).toBe(2);
    expect(run(s, 'last').index).toBe(2);
    expect(run(s, 'last', 'first').index).toBe(0);
  });

  it('counts positions, not slides, when several are shown', () => {
    const s = initialState({ count: 6, perView: 4 });
    expect(positions(s)).toBe(3);
    expect(run(s, 'last').index).toBe(2);
    expect(announcement(run(s, 'last'))).toBe('Slide 3 of 3');
  });

  it('scroll3d shows 3 and wraps both ways', () => {
    const s = initialState({ count: 5, effect: 'scroll3d' });
    expect(s.wrap).toBe(true);
    expect(positions(s)).toBe(5);
    expect(run(s, 'prev').index).toBe(4);
    expect(run(s, 'last', 'next').index).toBe(0);
  });

  it('autoplay ticks forward and rewinds to the first position at the end of a carousel that does not wrap', () => {
    const s = initialState({ count: 3 });
    expect(run(s, 'tick').index).toBe(1);
    expect(run(s, 'tick', 'tick', 'tick').index).toBe(0);
    expect(run(initialState({ count: 1 }), 'tick').index).toBe(0);
  });

  it('goto clamps, or wraps on a wrapping carousel', () => {
    expect(carouselReducer(initialState({ count: 4 }), { type: 'goto', index: 9 }).index).toBe(3);
    expect(carouselReducer(initialState({ count: 4, effect: 'scroll3d' }), { type: 'goto', index: -1 }).index).toBe(3);
  });

  it('space toggles the visitor pause; pause and play set it', () => {
    const s = initialState({ count: 3 });
    expect(run(s, 'togglePause').paused).toBe(true);
    expect(run(s, 'togglePause', 'togglePause').paused).toBe(false);
    expect(run(s, 'pause', 'pause').paused).toBe(true);
    expect(run(s, 'pause', 'play').paused).toBe(false);
  });

  it('re-clamps the index when the layout changes', () => {
    const s = run(initialState({ count: 6, perView: 1 }), 'last');
    const wider = carouselReducer(s, { type: 'layout', count: 6, perView: 3 });
    expect(wider.index).toBe(3);
    expect(announcement(wider)).toBe('Slide 4 of 4');
    expect(carouselReducer(wider, { type: 'layout', count: 6, perView: 3 })).toBe(wider);
  });

  it('returns the same state when nothing moves', () => {
    const s = initialState({ count: 3 });
    expect(carouselReducer(s, { type: 'prev' })).toBe(s);
  });
});

describe('announcement', () => {
  it("reads 'Slide {n} of {total}'", () => {
    const s = initialState({ count: 4 });
    expect(announcement(s)).toBe('Slide 1 of 4');
    expect(announcement(run(s, 'next'))).toBe('Slide 2 of 4');
    expect(announcement(initialState({ count: 0 }))).toBe('');
  });
});

describe('keyAction', () => {
  it.each([
    ['ArrowRight', 'next'],
    ['ArrowDown', 'next'],
    ['d', 'next'],
    ['D', 'next'],
    ['s', 'next'],
    ['ArrowLeft', 'prev'],
    ['ArrowUp', 'prev'],
    ['a', 'prev'],
    ['w', 'prev'],
    ['W', 'prev'],
    ['q', 'first'],
    ['E', 'last'],
    [' ', 'togglePause'],
  ])('%s -> %s', (key, type) => {
    expect(keyAction({ key })).toEqual({ type });
  });

  it('ignores other keys and keys held with modifiers', () => {
    expect(keyAction({ key: 'x' })).toBeNull();
    expect(keyAction({ key: 'Enter' })).toBeNull();
    expect(keyAction({ key: 'd', ctrlKey: true })).toBeNull();
    expect(keyAction({ key: 'ArrowRight', altKey: true })).toBeNull();
    expect(keyAction({ key: 'e', metaKey: true })).toBeNull();
  });
});

describe('swipes and drags', () => {
  it('swipe threshold is slideWidth / 5 / slidesShown', () => {
    expect(swipeThreshold(1000, 1)).toBe(200);
    expect(swipeThreshold(900, 3)).toBe(60);
    expect(swipeThreshold(500, 0)).toBe(100);
  });

  it('a drag starts at 10 px', () => {
    expect(isDrag(9)).toBe(false);
    expect(isDrag(10)).toBe(true);
    expect(isDrag(-10)).toBe(true);
  });

  it('a swipe counts only when longer than the threshold; left is next, right is previous', () => {
    expect(swipeAction(-200, 1000, 1)).toBeNull();
    expect(swipeAction(-201, 1000, 1)).toEqual({ type: 'next' });
    expect(swipeAction(201, 1000, 1)).toEqual({ type: 'prev' });
    expect(swipeAction(-61, 900, 3)).toEqual({ type: 'next' });
    expect(swipeAction(-60, 900, 3)).toBeNull();
    // Below the drag start nothing happens even on a tiny carousel.
    expect(swipeAction(-9, 20, 1)).toBeNull();
  });
});

describe('slide looks', () => {
  it('wraps offsets the short way round', () => {
    expect(slideOffset(4, 0, 5, true)).toBe(-1);
    expect(slideOffset(1, 0, 5, true)).toBe(1);
    expect(slideOffset(4, 0, 5, false)).toBe(4);
  });

  it('scroll3d: current at full size, neighbours at .75 and .65 opacity, the rest hidden', () => {
    const s = initialState({ count: 5, effect: 'scroll3d' });
    expect(slideLook(0, s, 'scroll3d')).toMatchObject({ active: true, scale: 1, opacity: 1, shift: 0 });
    expect(slideLook(1, s, 'scroll3d')).toMatchObject({ active: false, scale: 0.75, opacity: 0.65, shift: 1 });
    expect(slideLook(4, s, 'scroll3d')).toMatchObject({ scale: 0.75, opacity: 0.65, shift: -1 });
    expect(slideLook(2, s, 'scroll3d')).toMatchObject({ opacity: 0 });
  });

  it('scroll: neighbours at .85 and .65 opacity; slide: every slide plain, only those in view active', () => {
    const s = initialState({ count: 4, effect: 'scroll' });
    expect(slideLook(0, s, 'scroll')).toMatchObject({ active: true, scale: 1, opacity: 1 });
    expect(slideLook(1, s, 'scroll')).toMatchObject({ active: false, scale: 0.85, opacity: 0.65 });
    const paged = initialState({ count: 6, perView: 2 });
    expect([0, 1, 2].map((i) => slideLook(i, paged, 'slide').active)).toEqual([true, true, false]);
    expect(slideLook(2, paged, 'slide')).toMatchObject({ scale: 1, opacity: 1 });
  });
});
