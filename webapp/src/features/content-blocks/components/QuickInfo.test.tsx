import { act, render, screen } from '@testing-library/react';
import type { Block } from '../types';
import { QuickInfo } from './QuickInfo';

const block = (fields: Partial<Block> = {}): Block => ({
  acf_fc_layout: 'quick_info',
  title: 'Odin 75 Wireless',
  text: '<p>Gasket mount.</p>',
  image: { src: '/media/content/quick.svg', alt: 'Odin', width: 1600, height: 700 },
  ...fields,
});

function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

afterEach(() => act(() => setWindowWidth(1024)));

describe('QuickInfo', () => {
  it('defaults to the background placement, left text and a transparent background', () => {
    setWindowWidth(1280);
    const { container } = render(<QuickInfo block={block()} index={3} />);
    const section = container.querySelector('section')!;
    expect(section).toHaveAttribute('data-placement', 'background');
    expect(section.style.backgroundColor).toBe('transparent');
    expect(screen.getByRole('heading', { level: 2, name: 'Odin 75 Wireless' })).toBeInTheDocument();
    expect(container.querySelector('[data-align]')).toHaveStyle({ textAlign: 'left' });
    // A background image is decoration: empty alt; 560 px at most.
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('alt', '');
    expect(img.style.maxHeight).toBe('560px');
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('left and right become top under 600 px, with the image at most half the window width high', () => {
    setWindowWidth(1280);
    const { container } = render(<QuickInfo block={block({ image_placement: 'right' })} index={3} />);
    const section = container.querySelector('section')!;
    expect(section).toHaveAttribute('data-placement', 'right');
    expect(container.querySelector('img')!.style.maxHeight).toBe('560px');
    // Text first, then the image on the right.
    expect(section.querySelector('h2')!.compareDocumentPosition(container.querySelector('img')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    act(() => setWindowWidth(599));
    expect(section).toHaveAttribute('data-placement', 'top');
    expect(screen.getByRole('img')).toHaveAttribute('alt', 'Odin');
    expect(container.querySelector('img')!.style.maxHeight).toBe('300px');
  });

  it('top and bottom: half the window width; bottom puts the image after the text', () => {
    setWindowWidth(1000);
    const { container } = render(<QuickInfo block={block({ image_placement: 'bottom' })} index={3} />);
    const img = container.querySelector('img')!;
    expect(img.style.maxHeight).toBe('500px');
    expect(container.querySelector('h2')!.compareDocumentPosition(img) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('applies image styles safely and checks colours', () => {
    setWindowWidth(1280);
    const { container } = render(
      <QuickInfo
        block={block({
          image_placement: 'left',
          image_styles: 'border-radius: 12px; object-fit: contain; background-color: url(https://evil.example/x); position: fixed',
          text_alignment: 'center',
          text_color: '#f2f2f0',
          background_color: 'red; background-image: url(x)',
        })}
        index={3}
      />,
    );
    const img = container.querySelector('img')!;
    expect(img.style.borderRadius).toBe('12px');
    expect(img.style.objectFit).toBe('contain');
    expect(img.style.position).toBe('');
    expect(img.getAttribute('style')).not.toContain('url(');
    const section = container.querySelector('section')!;
    expect(section.style.backgroundColor).toBe('transparent');
    expect(section.style.color).toBe('rgb(242, 242, 240)');
    expect(container.querySelector('[data-align]')).toHaveStyle({ textAlign: 'center' });
  });

  it('a video link with an id shows a video instead of the image', () => {
    setWindowWidth(1280);
    render(<QuickInfo block={block({ video: 'https://youtu.be/Vq3LpPro54g', image_placement: 'top' })} index={3} />);
    expect(screen.getByRole('button', { name: 'Play video: Odin 75 Wireless' })).toBeInTheDocument();
  });
});
