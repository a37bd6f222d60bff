/** Shared carousel (spec section 2 "Carousels"): component, hook and the pure state machine. */
export { Carousel, type CarouselProps } from './Carousel';
export { useCarousel, type UseCarouselOptions } from './useCarousel';
export { SlideActiveContext, useSlideActive } from './slideContext';
export {
  CAROUSEL,
  announcement,
  carouselReducer,
  initialState,
  isDrag,
  keyAction,
  positions,
  slideLook,
  slideOffset,
  slidesShown,
  swipeAction,
  swipeThreshold,
  type CarouselAction,
  type CarouselEffect,
  type CarouselState,
} from './carouselMachine';
