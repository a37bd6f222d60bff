import { Children, type CSSProperties, type ReactNode } from 'react';
import { CAROUSEL, slideLook, type CarouselEffect } from './carouselMachine';
import { SlideActiveContext } from './slideContext';
import { useCarousel } from './useCarousel';
import styles from './Carousel.module.css';

export interface CarouselProps {
  /** Accessible name of the carousel region ("Reviews", "Trending now"). */
  label: string;
  /** One child per slide. */
  children: ReactNode;
  effect?: CarouselEffect;
  /** Slides shown at once (slide effect), or a function of the carousel width in px. */
  perView?: number | ((width: number) => number);
  /** Defaults to true for scroll3d. */
  wrap?: boolean;
  /** Autoplay delay in ms (default 3000, docs/spec.md section 9), or false. */
  autoplay?: number | false;
  /** Show a "Go to slide n" pager under the slides. */
  dots?: boolean;
  className?: string;
}

const PauseIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
  </svg>
);
const PlayIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <path d="M7 4.5v15l12.5-7.5z" fill="currentColor" />
  </svg>
);
const Arrow = ({ flip = false }: { flip?: boolean }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" style={flip ? { transform: 'scaleX(-1)' } : undefined}>
    <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

function trackTransform(effect: CarouselEffect, index: number, perView: number, dx: number): string | undefined {
  if (effect === 'scroll3d') return undefined;
  if (effect === 'scroll') return `translateX(calc((100% - var(--scroll-slide)) / 2 - ${index} * var(--scroll-slide) + ${dx}px))`;
  return `translateX(calc(${(-index * 100) / perView}% + ${dx}px))`;
}

/**
 * An accessible carousel (WAI-ARIA APG carousel pattern) with the spec's
 * behaviour: effects slide / scroll / scroll3d with zoom .85 / .75 and opacity
 * .65, keys (arrows, W A S D, Q, E, space), swipe and drag thresholds, autoplay
 * (paused on hover, stopped when focus enters, pause/play button), 'Slide n of
 * N' in a live region that is silent while autoplay runs, slides out of view
 * inert so focus order follows what is shown.
 */
export function Carousel({ label, children, effect = 'slide', perView = 1, wrap, autoplay = CAROUSEL.autoplayMs, dots = true, className }: CarouselProps) {
  const slides = Children.toArray(children);
  const { state, dispatch, total, playing, dragDx, animate, text, rootRef, viewportRef, rootProps, viewportProps } = useCarousel({
    count: slides.length,
    effect,
    perView,
    wrap,
    autoplay,
  });
  if (slides.length === 0) return null;

  const atStart = !state.wrap && state.index === 0;
  const atEnd = !state.wrap && state.index >= total - 1;
  const rootStyle = { '--carousel-speed': `${animate ? CAROUSEL.slideSpeedMs : 0}ms`, '--per-view': state.perView } as CSSProperties;

  return (
    <section
      ref={rootRef}
      className={[styles.carousel, className ?? ''].join(' ').trim()}
      data-effect={effect}
      aria-roledescription="carousel"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the region takes the carousel keys itself (arrows, W A S D, Q, E, space: docs/spec.md section 9), so it must be focusable
      tabIndex={0}
      style={rootStyle}
      data-playing={playing || undefined}
      {...rootProps}
    >
      {total > 1 && (
        <div className={styles.controls}>
          {autoplay !== false && (
            <button type="button" className={styles.control} onClick={() => dispatch({ type: 'togglePause' })} aria-label={state.paused ? 'Start automatic slide show' : 'Stop automatic slide show'}>
              {state.paused ? <PlayIcon /> : <PauseIcon />}
            </button>
          )}
          <button type="button" className={styles.control} aria-label="Previous slide" aria-disabled={atStart || undefined} onClick={() => dispatch({ type: 'prev' })}>
            <Arrow flip />
          </button>
          <button type="button" className={styles.control} aria-label="Next slide" aria-disabled={atEnd || undefined} onClick={() => dispatch({ type: 'next' })}>
            <Arrow />
          </button>
        </div>
      )}
      <div ref={viewportRef} className={styles.viewport} {...viewportProps}>
        <div className={styles.track} style={{ transform: trackTransform(effect, state.index, state.perView, dragDx) }}>
          {slides.map((slide, i) => {
            const look = slideLook(i, state, effect);
            const transform =
              effect === 'scroll3d'
                ? `translateX(calc(${look.shift} * var(--shift-3d) + ${dragDx}px)) scale(${look.scale})`
                : look.scale !== 1
                  ? `scale(${look.scale})`
                  : undefined;
            return (
              <div
                key={i}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${slides.length}`}
                inert={!look.active}
                data-active={look.active || undefined}
                style={{ transform, opacity: look.opacity, zIndex: look.zIndex }}
              >
                <SlideActiveContext.Provider value={look.active}>{slide}</SlideActiveContext.Provider>
              </div>
            );
          })}
        </div>
      </div>
      {dots && total > 1 && total <= 12 && (
        <div className={styles.dots}>
          {Array.from({ length: total }, (_, i) => (
            <button
              key={i}
              type="button"
              className={styles.dot}
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === state.index ? 'true' : undefined}
              onClick={() => dispatch({ type: 'goto', index: i })}
            />
          ))}
        </div>
      )}
      <p className="visually-hidden" aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
        {text}
      </p>
    </section>
  );
}
