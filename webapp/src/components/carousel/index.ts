/** Shared carousel (docs/spec.md section 2 "Carousels"): component, hook and the pure state machine. */
export { Carousel, type CarouselProps } from './Carousel';
export { useCarousel, type UseCarouselOptions } from './useCarousel';
export { SlideActiveContext, useSlideActive } from './slideContext';
export * from './carouselMachine';
