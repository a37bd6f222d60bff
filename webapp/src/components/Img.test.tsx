import { fireEvent, render, screen } from '@testing-library/react';
import { Img } from './Img';

describe('Img', () => {
  it('shows the image, lazily unless eager', () => {
    const { rerender } = render(<Img src="/media/a.svg" alt="Odin 75" width={800} height={800} />);
    const img = screen.getByRole('img', { name: 'Odin 75' });
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('loading', 'lazy');
    rerender(<Img src="/media/a.svg" alt="Odin 75" width={800} height={800} eager />);
    expect(screen.getByRole('img', { name: 'Odin 75' })).toHaveAttribute('loading', 'eager');
  });

  it('replaces an image that fails to load by a neutral box of the same size and class', () => {
    const onError = vi.fn();
    const { container } = render(<Img className="thumb" src="https://i.ytimg.com/vi/x/hq.jpg" alt="Review video" width={480} height={360} onError={onError} />);
    fireEvent.error(screen.getByRole('img', { name: 'Review video' }));
    expect(container.querySelector('img')).toBeNull();
    const box = screen.getByRole('img', { name: 'Review video' });
    expect(box.tagName).toBe('SPAN');
    expect(box).toHaveClass('img-fallback', 'thumb');
    expect(box).toHaveAttribute('data-fallback', 'neutral');
    expect(box.style.aspectRatio).toBe('480 / 360');
    expect(box.style.getPropertyValue('--img-w')).toBe('480px');
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('hides the box of a decorative image and can draw nothing for a stacked layer', () => {
    const { container } = render(<Img src="/media/layer.svg" alt="" fallback="none" width={96} height={96} />);
    fireEvent.error(container.querySelector('img')!);
    const box = container.querySelector('span.img-fallback')!;
    expect(box).toHaveAttribute('aria-hidden', 'true');
    expect(box).toHaveAttribute('data-fallback', 'none');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('tries again when the source changes', () => {
    const { container, rerender } = render(<Img src="/media/missing.svg" alt="Mouse" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    rerender(<Img src="/media/other.svg" alt="Mouse" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/other.svg');
  });

  it('renders nothing without a source', () => {
    const { container } = render(<Img src={null} alt="x" />);
    expect(container).toBeEmptyDOMElement();
  });
});
