import { act, fireEvent, render, screen } from '@testing-library/react';
import { Carousel } from './Carousel';

const slides = (n: number) => Array.from({ length: n }, (_, i) => <a href={`/s${i + 1}`} key={i}>Slide body {i + 1}</a>);
const region = () => screen.getByRole('region', { name: 'Reviews' });
const live = (container: HTMLElement) => container.querySelector('[aria-live]') as HTMLElement;
const activeSlides = (container: HTMLElement) =>
  [...container.querySelectorAll('[aria-roledescription="slide"]')].filter((s) => !s.hasAttribute('inert')).map((s) => s.textContent);

function setWidth(px: number) {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => px });
}

afterEach(() => {
  vi.useRealTimers();
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

describe('Carousel', () => {
  it('is a labelled carousel region with labelled slides; slides out of view are inert', () => {
    const { container } = render(<Carousel label="Reviews" autoplay={false}>{slides(3)}</Carousel>);
    expect(region()).toHaveAttribute('aria-roledescription', 'carousel');
    const groups = screen.getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(activeSlides(container)).toEqual(['Slide body 1']);
    expect(screen.getByRole('button', { name: 'Previous slide' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: /automatic slide show/ })).toBeNull();
  });

  it('moves with the keys and announces "Slide n of N"', () => {
    const { container } = render(<Carousel label="Reviews" autoplay={false}>{slides(4)}</Carousel>);
    const root = region();
    act(() => root.focus());
    expect(live(container)).toHaveTextContent('Slide 1 of 4');
    expect(live(container)).toHaveAttribute('aria-live', 'polite');
    fireEvent.keyDown(root, { key: 'ArrowRight' });
    expect(live(container)).toHaveTextContent('Slide 2 of 4');
    fireEvent.keyDown(root, { key: 'd' });
    fireEvent.keyDown(root, { key: 's' });
    expect(live(container)).toHaveTextContent('Slide 4 of 4');
    fireEvent.keyDown(root, { key: 'w' });
    expect(live(container)).toHaveTextContent('Slide 3 of 4');
    fireEvent.keyDown(root, { key: 'q' });
    expect(live(container)).toHaveTextContent('Slide 1 of 4');
    fireEvent.keyDown(root, { key: 'e' });
    expect(live(container)).toHaveTextContent('Slide 4 of 4');
    expect(activeSlides(container)).toEqual(['Slide body 4']);
    fireEvent.keyDown(root, { key: 'ArrowLeft' });
    fireEvent.keyDown(root, { key: 'a' });
    fireEvent.keyDown(root, { key: 'ArrowUp' });
    expect(live(container)).toHaveTextContent('Slide 1 of 4');
  });

  it('leaves keys alone in text fields and with modifiers', () => {
    const { container } = render(
      <Carousel label="Reviews" autoplay={false}>
        <input aria-label="Note" />
        <p>Two</p>
      </Carousel>,
    );
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'd' });
    fireEvent.keyDown(region(), { key: 'd', ctrlKey: true });
    expect(live(container)).toHaveTextContent('Slide 1 of 2');
  });

  it('autoplays every 3000 ms by default, silent to screen readers while it plays', () => {
    vi.useFakeTimers();
    const { container } = render(<Carousel label="Reviews">{slides(3)}</Carousel>);
    expect(live(container)).toHaveAttribute('aria-live', 'off');
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(live(container)).toHaveTextContent('Slide 1 of 3');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(live(container)).toHaveTextContent('Slide 2 of 3');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(live(container)).toHaveTextContent('Slide 1 of 3'); // rewinds at the end
  });

  it('autoplays every 10000 ms when asked (ticker, trending)', () => {
    vi.useFakeTimers();
    const { container } = render(<Carousel label="Reviews" autoplay={10000}>{slides(3)}</Carousel>);
    act(() => {
      vi.advanceTimersByTime(9999);
    });
    expect(live(container)).toHaveTextContent('Slide 1 of 3');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(live(container)).toHaveTextContent('Slide 2 of 3');
  });

  it('space pauses and resumes; the button says what it will do', () => {
    vi.useFakeTimers();
    const { container } = render(<Carousel label="Reviews">{slides(3)}</Carousel>);
    fireEvent.keyDown(region(), { key: ' ' });
    expect(screen.getByRole('button', { name: 'Start automatic slide show' })).toBeInTheDocument();
    expect(live(container)).toHaveAttribute('aria-live', 'polite');
    act(() => {
      vi.advanceTimersByTime(9000);
    });
    expect(live(container)).toHaveTextContent('Slide 1 of 3');
    fireEvent.keyDown(region(), { key: ' ' });
    expect(screen.getByRole('button', { name: 'Stop automatic slide show' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(live(container)).toHaveTextContent('Slide 2 of 3');
  });

  it('stops autoplay when focus enters, pauses while hovered', () => {
    vi.useFakeTimers();
    const { container } = render(<Carousel label="Reviews">{slides(3)}</Carousel>);
    fireEvent.mouseEnter(region());
    act(() => {
      vi.advanceTimersByTime(6000);
    });
    expect(live(container)).toHaveTextContent('Slide 1 of 3');
    fireEvent.mouseLeave(region());
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(live(container)).toHaveTextContent('Slide 2 of 3');
    act(() => region().focus());
    act(() => {
      vi.advanceTimersByTime(9000);
    });
    expect(live(container)).toHaveTextContent('Slide 2 of 3');
    expect(screen.getByRole('button', { name: 'Start automatic slide show' })).toBeInTheDocument();
  });

  it('scroll3d wraps and keeps 3 slides in sight', () => {
    const { container } = render(<Carousel label="Reviews" effect="scroll3d" autoplay={false}>{slides(5)}</Carousel>);
    fireEvent.keyDown(region(), { key: 'ArrowLeft' });
    expect(live(container)).toHaveTextContent('Slide 5 of 5');
    const shown = [...container.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')].filter((s) => s.style.opacity !== '0');
    expect(shown.map((s) => s.textContent)).toEqual(['Slide body 1', 'Slide body 4', 'Slide body 5']);
    expect(shown.map((s) => s.style.transform)).toContain('translateX(calc(0 * var(--shift-3d) + 0px)) scale(1)');
    fireEvent.keyDown(region(), { key: 'ArrowRight' });
    expect(live(container)).toHaveTextContent('Slide 1 of 5');
  });

  it('a swipe longer than slideWidth / 5 / slidesShown moves; a shorter one snaps back', () => {
    setWidth(1000);
    const { container } = render(<Carousel label="Reviews" autoplay={false}>{slides(3)}</Carousel>);
    const viewport = container.querySelector('[aria-roledescription="slide"]')!.parentElement!.parentElement!;
    const swipe = (dx: number) => {
      fireEvent.pointerDown(viewport, { pointerId: 1, clientX: 500, clientY: 10, button: 0, pointerType: 'touch' });
      fireEvent.pointerMove(viewport, { pointerId: 1, clientX: 500 + dx, clientY: 10, pointerType: 'touch' });
      fireEvent.pointerUp(viewport, { pointerId: 1, clientX: 500 + dx, clientY: 10, pointerType: 'touch' });
    };
    swipe(-200);
    expect(live(container)).toHaveTextContent('Slide 1 of 3');
    swipe(-201);
    expect(live(container)).toHaveTextContent('Slide 2 of 3');
    swipe(250);
    expect(live(container)).toHaveTextContent('Slide 1 of 3');
  });

  it('follows a drag only from 10 px, and a drag is not a click', () => {
    setWidth(1000);
    const onClick = vi.fn((e: Event) => e.preventDefault());
    const { container } = render(<Carousel label="Reviews" autoplay={false}>{slides(3)}</Carousel>);
    container.querySelector('a')!.addEventListener('click', onClick);
    const viewport = container.querySelector('[aria-roledescription="slide"]')!.parentElement!.parentElement!;
    const track = viewport.firstElementChild as HTMLElement;
    fireEvent.pointerDown(viewport, { pointerId: 2, clientX: 300, clientY: 0, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(viewport, { pointerId: 2, clientX: 291, clientY: 0, pointerType: 'mouse' });
    expect(track.style.transform).toBe('translateX(calc(0% + 0px))');
    fireEvent.pointerMove(viewport, { pointerId: 2, clientX: 290, clientY: 0, pointerType: 'mouse' });
    expect(track.style.transform).toBe('translateX(calc(0% + -10px))');
    fireEvent.pointerUp(viewport, { pointerId: 2, clientX: 290, clientY: 0, pointerType: 'mouse' });
    fireEvent.click(container.querySelector('a')!);
    expect(onClick).not.toHaveBeenCalled();
    expect(track.style.transform).toBe('translateX(calc(0% + 0px))');
    // A press without movement stays a click.
    fireEvent.pointerDown(viewport, { pointerId: 3, clientX: 300, clientY: 0, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(viewport, { pointerId: 3, clientX: 305, clientY: 0, pointerType: 'mouse' });
    fireEvent.pointerUp(viewport, { pointerId: 3, clientX: 305, clientY: 0, pointerType: 'mouse' });
    fireEvent.click(container.querySelector('a')!);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('re-measures 200 ms after the window stops resizing, without animating meanwhile', () => {
    vi.useFakeTimers();
    setWidth(300);
    const { container } = render(
      <Carousel label="Reviews" autoplay={false} perView={(w) => (w >= 800 ? 3 : 1)}>
        {slides(6)}
      </Carousel>,
    );
    const root = region();
    expect(live(container)).toHaveTextContent('Slide 1 of 6');
    setWidth(900);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(root.style.getPropertyValue('--carousel-speed')).toBe('0ms');
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(live(container)).toHaveTextContent('Slide 1 of 6');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(live(container)).toHaveTextContent('Slide 1 of 4');
    expect(root.style.getPropertyValue('--carousel-speed')).toBe('500ms');
  });

  it('pager buttons go to a slide and mark the current one', () => {
    const { container } = render(<Carousel label="Reviews" autoplay={false}>{slides(3)}</Carousel>);
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(live(container)).toHaveTextContent('Slide 3 of 3');
    expect(screen.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Next slide' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows no controls for a single slide and nothing for none', () => {
    const { container, rerender } = render(<Carousel label="Reviews">{slides(1)}</Carousel>);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<Carousel label="Reviews">{[]}</Carousel>);
    expect(container).toBeEmptyDOMElement();
  });
});
